import { unwrap } from "../../provider/adapters/plugin/wire";
import { Cron, Volume } from "../../provider/kinds";
import { makeProvider } from "../../provider/kit";
import { specFor } from "../../provider/registry";
import { configOf, type Props, useHarness } from "./harness";

const h = useHarness();

describe("import", () => {
  test("refuses at preview (check) when the program differs, naming the fields, after one GET and nothing changed", async () => {
    const p = h.provider("cron");
    const state = await p.create("job", { schedule: "@hourly", url: "https://example.com/a", body: "token=1" });
    h.emulator.resetStats();
    const news = {
      name: state.inputs.name,
      schedule: "@daily",
      url: "https://example.com/a",
      body: "token=2",
      __import: state.id,
    };
    const checked = await p.raw.check!({}, news);
    const reason = checked.failures?.[0]?.reason ?? "";
    expect(checked.failures?.[0]?.property).toBe("import");
    expect(reason).toMatch(/differs from the object to import ".*" in schedule \(program "@daily", remote "@hourly"\)/);
    expect(reason).toMatch(/body \(program \[secret\], remote \[secret\]\)/);
    expect(JSON.stringify(checked)).not.toContain("token=");
    expect(h.emulator.stats().total).toBe(1);
    // And if the object changes between preview and up, create refuses the same way.
    const attempt = p.raw.create({
      ...(await p.check({}, { ...news, schedule: "@hourly", body: "token=1" })),
      body: "token=3",
    });
    await expect(attempt).rejects.toThrow(/import of ".*" refused, nothing was changed.*body \(program \[secret\]/);
  });

  test("a DNS record is imported as <dnsId>/<recordId>; a bad id says the format", async () => {
    const p = h.provider("dnsRecord");
    await expect(
      p.raw.create({ dnsId: "z", name: "www", type: "A", value: "1.2.3.4", __import: "justone" }),
    ).rejects.toThrow(/malformed id "justone", expected <dnsId>\/<recordId>/);
  });

  test("applies once: with the option still in the program, a replacement creates a new object", async () => {
    const p = h.provider("volume");
    const outside = await h.api.create(
      "/volumes",
      { name: "adopted-vol", sizeGb: 10, workspaceId: h.emulator.workspaceId },
      Volume,
    );
    const adopted = await p.create("adopted", { name: "adopted-vol", sizeGb: 10, __import: outside.id });
    expect(adopted.id).toBe(outside.id);
    const next = await p.up(adopted, "adopted", { name: "adopted-vol", sizeGb: 10, type: "hdd", __import: outside.id });
    expect(next.step).toBe("replace");
    expect(next.state.id).not.toBe(outside.id);
    const volumes = h.emulator.inventory().volume.filter((v) => v.name === "adopted-vol");
    expect(volumes.map((v) => [v.id, v.type])).toEqual([[next.state.id, "hdd"]]);
  });

  test("`pulumi import` on the plugin withholds a cron's headers from the inputs (the engine prints them as code); the object keeps them", async () => {
    const plugin = makeProvider(specFor("cron"), { acceptsSecrets: true });
    await plugin.configure({
      config: configOf({ "futrou:apiUrl": h.emulator.url, "futrou:apiToken": h.emulator.token }),
    });
    const headers = { Authorization: "Bearer withheld-credential" };
    const cron = await h.api.create(
      "/crons",
      {
        name: "withheld",
        schedule: "@hourly",
        url: "https://example.com/h",
        headers,
        workspaceId: h.emulator.workspaceId,
      },
      Cron,
    );
    // The engine's Read with nothing known, as `pulumi import` sends it (the plugin unwraps what comes back).
    const read = await plugin.read(cron.id, {});
    const outputs = unwrap(read.props).value as Props;
    const imported = unwrap(read.inputs).value as Props;
    expect(outputs.headers).toEqual(headers);
    expect(imported).not.toHaveProperty("headers");
    expect(imported.__unread).toEqual(["headers"]);
    expect(imported).toMatchObject({ name: "withheld", schedule: "@hourly" });

    /** One `pulumi up` of a program: check against the old inputs, then diff; returns the new inputs. */
    const up = async (olds: Props, args: Props): Promise<{ inputs: Props; changed: string[] }> => {
      const checked = unwrap((await plugin.check(olds, { ...args, workspaceId: h.emulator.workspaceId })).inputs)
        .value as Props;
      return { inputs: checked, changed: (await plugin.diff(cron.id, outputs, checked, olds)).changed };
    };
    const program = { name: "withheld", schedule: "@hourly", url: "https://example.com/h" };
    // The printed program (no headers): no change, on this up and the next (the inputs keep them unread).
    const first = await up(imported, program);
    expect(first.changed).toEqual([]);
    expect(first.inputs.__unread).toEqual(["headers"]);
    expect((await up(first.inputs, program)).changed).toEqual([]);
    // Headers the program sets are compared with the object's: the same, no change; others, a change.
    expect((await up(first.inputs, { ...program, headers })).changed).toEqual([]);
    const rotated = await up(first.inputs, { ...program, headers: { Authorization: "Bearer rotated" } });
    expect(rotated.changed).toEqual(["headers"]);
    expect(rotated.inputs).not.toHaveProperty("__unread");
  });

  test("an id that does not exist fails clearly", async () => {
    await expect(h.provider("volume").raw.create({ name: "x", __import: "nope" })).rejects.toThrow(
      /cannot import "nope": no such object/,
    );
  });
});
