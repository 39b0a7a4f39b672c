/** `replaceOnChanges` property paths: parsed as Pulumi writes them, and matched against what changed. */
import { parsePath, replacingKeys } from "../../provider/paths";

describe("replaceOnChanges paths", () => {
  test.each([
    ["name", ["name"]],
    ["env.LOG_LEVEL", ["env", "LOG_LEVEL"]],
    ["ports[0].port", ["ports", 0, "port"]],
    ["volumes[*].mountPath", ["volumes", "*", "mountPath"]],
    ['env["a.b"]', ["env", "a.b"]],
    ["*", ["*"]],
  ])("%s parses to %j", (path, segments) => {
    expect(parsePath(path)).toEqual(segments);
  });

  test.each(["", "a..b", "a[", ".a", "a[x]"])("%j is refused, naming the path", (path) => {
    expect(() => parsePath(path)).toThrow(`replaceOnChanges: "${path}" is not a property path`);
  });

  const was = { name: "a", env: { A: "1", B: "1" }, volumes: [{ volumeId: "v", mountPath: "/x" }], sizeGb: 1 };
  const now = { name: "a", env: { A: "1", B: "2" }, volumes: [{ volumeId: "v", mountPath: "/y" }], sizeGb: 2 };
  const changed = ["env", "volumes", "sizeGb"];

  test("a top-level key replaces when it changed; `*` covers every changed key", () => {
    expect(replacingKeys(["sizeGb"], changed, was, now)).toEqual(["sizeGb"]);
    expect(replacingKeys(["name"], changed, was, now)).toEqual([]);
    expect(replacingKeys(["*"], changed, was, now)).toEqual(changed);
  });

  test("a nested path replaces only when the value under it changed", () => {
    expect(replacingKeys(["env.A"], changed, was, now)).toEqual([]);
    expect(replacingKeys(["env.B"], changed, was, now)).toEqual(["env"]);
    expect(replacingKeys(["volumes[*].volumeId"], changed, was, now)).toEqual([]);
    expect(replacingKeys(["volumes[*].mountPath"], changed, was, now)).toEqual(["volumes"]);
    expect(replacingKeys(["volumes[0].mountPath"], changed, was, now)).toEqual(["volumes"]);
  });

  test("an element added under a wildcard counts as a change", () => {
    const more = { ...now, volumes: [...now.volumes, { volumeId: "w", mountPath: "/z" }] };
    expect(replacingKeys(["volumes[*].volumeId"], changed, now, more)).toEqual(["volumes"]);
  });
});
