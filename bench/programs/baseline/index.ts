import * as pulumi from "@pulumi/pulumi";

/** Does nothing: the id is the input, read returns the state. No I/O at all. */
const nothing: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `nothing-${inputs.n}`, outs: inputs };
  },
  async read(id, props) {
    return { id, props };
  },
};

class Nothing extends pulumi.dynamic.Resource {
  constructor(name: string, n: number) {
    super(nothing, name, { n }, {});
  }
}

const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < count; i++) new Nothing(`n${i}`, i);
