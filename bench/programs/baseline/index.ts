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

const config = new pulumi.Config();
const count = config.requireNumber("count");
/**
 * `width: W` gives every resource W more string properties (inputs, echoed as outputs), so the engine and
 * the provider host move as many properties per resource as the mix's do; 0 (the default) is the flat floor.
 */
const width = config.getNumber("width") ?? 0;

class Nothing extends pulumi.dynamic.Resource {
  constructor(name: string, parents: pulumi.Input<string>[] = []) {
    const wide: Record<string, string> = {};
    for (let k = 0; k < width; k++) wide[`f${k}`] = `${name}-property-${k}-0123456789`;
    super(nothing, name, { n: name, parents, ...wide }, {});
  }
}

if (config.get("shape") === "mix") {
  // The same edges as bench/programs/mix: each resource takes its parents' ids as inputs.
  for (let i = 0; i < Math.ceil(count / 10); i++) {
    const project = new Nothing(`p${i}`);
    const volume = new Nothing(`v${i}`, [project.id]);
    const app = new Nothing(`s${i}`, [project.id, volume.id]);
    new Nothing(`secret${i}`, [app.id]);
    new Nothing(`mode${i}`, [project.id]);
    new Nothing(`x${i}`, [project.id]);
    const zone = new Nothing(`z${i}`, [project.id]);
    new Nothing(`a${i}`, [zone.id]);
    new Nothing(`w${i}`, [zone.id]);
    new Nothing(`c${i}`, [project.id]);
  }
} else {
  for (let i = 0; i < count; i++) new Nothing(`n${i}`);
}
