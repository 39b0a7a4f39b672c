import * as pulumi from "@pulumi/pulumi";

/** A do-nothing dynamic resource: its id is its input. */
const provider: pulumi.dynamic.ResourceProvider = {
  async create(inputs) {
    return { id: `tiny-${inputs.label}`, outs: inputs };
  },
  async read(id, props) {
    return { id, props };
  },
};

class Tiny extends pulumi.dynamic.Resource {
  constructor(name: string, label: string) {
    super(provider, name, { label }, {});
  }
}

const t = new Tiny("tiny", new pulumi.Config().get("label") ?? "one");
export const id = t.id;
const cfg = new pulumi.Config("futrou");
export const probe = cfg.get("apiUrl");
