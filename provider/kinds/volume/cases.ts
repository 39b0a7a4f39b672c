/** A volume's test examples (provider/kinds/cases.ts says where each is used). */
import type { KindCases } from "../cases";

export const cases: KindCases = {
  lifecycle: {
    update: (c) => ({ name: "data", sizeGb: 20, projectId: c.projectId, volumePlanId: c.plan("volume") }),
    replace: () => ({ type: "hdd" }),
  },
  contract: [
    {
      label: "in a region (regionId kept)",
      program: { name: "data", sizeGb: 20, regionId: "reg-1" },
      update: { sizeGb: 40 },
      // Grown outside, a volume cannot be shrunk back: preview refuses (the grow-only rule), so drift the name.
      drift: { name: "data-old" },
    },
  ],
  badInput: [
    { what: "negative size", args: { sizeGb: -1 }, field: "sizeGb" },
    { what: "empty volume type", args: { type: "" }, field: "type" },
    { what: "a size of 1e308 GB", args: { sizeGb: 1e308 }, field: "sizeGb" },
    { what: "a size of 1.5 GB", args: { sizeGb: 1.5 }, field: "sizeGb" },
  ],
};
