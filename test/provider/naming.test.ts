/**
 * provider/naming.ts: the two auto-names under their own names. `identityName` (the SDK's and the plugin's,
 * the same in every run) is tested with `pulumi:autonaming` in sdk-conventions.test.ts; here the kit's
 * last resort, `randomName`, and what both share.
 */
import { AUTO_NAME_MAX_LENGTH, identityName, isAutoNameShaped, randomName, toSlug } from "../../provider/naming";

const identity = (logicalName: string) => {
  const named = identityName(undefined, {
    organization: "",
    project: "shop",
    stack: "dev",
    type: "futrou:index:Volume",
    shortType: "futrou:index:Volume",
    parents: [],
    logicalName,
    config: () => undefined,
  });
  if ("disabled" in named) throw new Error("autonaming is not disabled here");
  return named.name;
};

describe("auto-names", () => {
  test("randomName: <logical name as a slug>-<7 characters>, a new suffix on every call", () => {
    const names = new Set(Array.from({ length: 20 }, () => randomName("My_Data")));
    for (const name of names) expect(name).toMatch(/^my-data-[a-z0-9]{7}$/);
    expect(names.size).toBeGreaterThan(1);
  });

  test("both auto-names cut a long logical name the same way and fit every kind (63 characters)", () => {
    const logical = `Data--Volume ${"x".repeat(80)}`;
    const random = randomName(logical);
    const stable = identity(logical);
    expect(random).toHaveLength(AUTO_NAME_MAX_LENGTH);
    expect(stable).toHaveLength(AUTO_NAME_MAX_LENGTH);
    expect(random.slice(0, -8)).toBe(stable.slice(0, -8));
    expect(random.slice(0, -8)).toBe(toSlug(logical, AUTO_NAME_MAX_LENGTH - 8));
    expect([isAutoNameShaped(random), isAutoNameShaped(stable)]).toEqual([true, true]);
  });

  test("a logical name with no slug character gets the suffix alone", () => {
    expect(randomName("___")).toMatch(/^[a-z0-9]{7}$/);
    expect(identity("___")).toMatch(/^[a-z0-9]{7}$/);
  });

  test("toSlug: lowercase letters, digits and single inner '-' only", () => {
    expect(toSlug("--Hello,  World!--")).toBe("hello-world");
    expect(toSlug("a--b")).toBe("a-b");
    expect(toSlug("abcdef", 4)).toBe("abcd");
    expect(toSlug("abc-def", 4)).toBe("abc");
  });
});
