/** A variable's test examples (provider/kinds/cases.ts says where each is used). */
import { FAKE_ID, type KindCases } from "../cases";

export const cases: KindCases = {
  lifecycle: {
    required: (c) => ({ key: "API_URL", value: "https://v1.example.com", workspaceId: c.workspaceId }),
    update: () => ({ value: "https://v2.example.com", isSecret: true, description: "where the API lives" }),
    replace: () => ({ key: "API_BASE_URL" }),
  },
  contract: [
    {
      label: "scoped to a project, value kept",
      program: { key: "API_URL", value: "https://api.example.com", projectId: "prj-7" },
      update: { description: "where the API lives" },
    },
    {
      label: "secret in the workspace, with a description",
      program: { key: "DB_PASSWORD", value: "s3cret-pw", isSecret: true, description: "db", workspaceId: "ws-1" },
      update: { isSecret: false },
    },
  ],
  badInput: [
    { what: "no scope", args: { key: "A", value: "1" }, field: "workspaceId" },
    {
      what: "two scopes",
      args: { key: "A", value: "1", projectId: FAKE_ID, serverletId: FAKE_ID },
      field: "serverletId",
    },
    { what: "key starting with a digit", args: { key: "1A", value: "1", projectId: FAKE_ID }, field: "key" },
    { what: "empty key", args: { key: "", value: "1", projectId: FAKE_ID }, field: "key" },
    {
      what: "a value over 65,536 characters",
      args: { key: "A", value: "v".repeat(65_537), projectId: FAKE_ID },
      field: "value",
    },
    { what: "a project id `..`", args: { key: "A", value: "1", projectId: ".." }, field: "projectId" },
  ],
};
