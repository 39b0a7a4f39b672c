/** A storage's test examples (provider/kinds/cases.ts says where each is used). */
import type { KindCases } from "../cases";

export const cases: KindCases = {
  lifecycle: {
    update: (c) => ({ name: "files", storagePlanId: c.plan("storage"), public: true, projectId: c.projectId }),
    replace: (c) => ({ regionId: c.region("us-east") }),
  },
  contract: [
    {
      label: "name only (the plan is the API's choice)",
      program: { name: "uploads" },
      update: { name: "uploads-2" },
    },
    {
      label: "plan, public, project",
      program: { name: "assets", storagePlanId: "storage-plan-2", public: true, projectId: "prj-7" },
      update: { storagePlanId: "storage-plan-3" },
    },
  ],
  badInput: [
    { what: "empty storage name", args: { name: "" }, field: "name" },
    { what: "empty storage plan id", args: { storagePlanId: "" }, field: "storagePlanId" },
    { what: "public not a boolean", args: { public: "yes" }, field: "public" },
    { what: "a volume's size on a storage", args: { sizeGb: 10 }, field: "sizeGb" },
  ],
};
