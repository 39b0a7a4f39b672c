/** A project's test examples (provider/kinds/cases.ts says where each is used). */
import type { KindCases } from "../cases";

export const cases: KindCases = {
  lifecycle: {
    update: () => ({ name: "renamed-project", displayName: "Renamed project" }),
    replace: (c) => ({ workspaceId: c.otherWorkspaceId }),
    replaceRefused: true,
  },
  contract: [
    {
      label: "name and displayName",
      program: { name: "web-shop", displayName: "Web shop" },
      update: { displayName: "Web shop (new)" },
    },
  ],
  badInput: [
    { what: "empty name", args: { name: "" }, field: "name" },
    { what: "name over 255 characters", args: { name: "p".repeat(256) }, field: "name" },
    { what: "empty display name", args: { displayName: "" }, field: "displayName" },
    { what: "an input the kind does not have", args: { colour: "blue" }, field: "colour" },
    { what: "a control character in the display name", args: { displayName: "Shop\u0007" }, field: "displayName" },
  ],
};
