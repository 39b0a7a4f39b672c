import * as pulumi from "@pulumi/pulumi";

/** Does nothing: the id is derived from the inputs, read returns the state. No I/O at all. */
const nothing: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `nothing-${inputs.n}`, outs: inputs };
  },
  async read(id, props) {
    return { id, props };
  },
};

class Nothing extends pulumi.dynamic.Resource {
  constructor(name: string, n: string, parents: pulumi.Input<string>[] = []) {
    super(nothing, name, { n, parents }, {});
  }
}

// The same edges as bench/programs/mix: each resource takes its parents' ids as inputs.
const count = new pulumi.Config().requireNumber("count");
for (let i = 0; i < Math.ceil(count / 10); i++) {
  const project = new Nothing(`p${i}`, `p${i}`);
  const volume = new Nothing(`v${i}`, `v${i}`, [project.id]);
  const app = new Nothing(`s${i}`, `s${i}`, [project.id, volume.id]);
  new Nothing(`secret${i}`, `secret${i}`, [app.id]);
  new Nothing(`mode${i}`, `mode${i}`, [project.id]);
  new Nothing(`x${i}`, `x${i}`, [project.id]);
  const zone = new Nothing(`z${i}`, `z${i}`, [project.id]);
  new Nothing(`a${i}`, `a${i}`, [zone.id]);
  new Nothing(`w${i}`, `w${i}`, [zone.id]);
  new Nothing(`c${i}`, `c${i}`, [project.id]);
}
