/**
 * The futrou.json example of docs/moving-from-futrou-cli.md is a file the converter reads as the page says:
 * one object per item, records under their zone, the proxy's target a reference to the serverlet, the newest
 * CLI generation (storages), and no warning.
 */
import { readFileSync } from "node:fs";
import { join } from "node:path";
import { declare } from "../../provider/convert/declare";
import { CliConfig } from "../../provider/convert/source";
import { repoRoot } from "../../scripts/program-dir";

const page = readFileSync(join(repoRoot, "docs", "moving-from-futrou-cli.md"), "utf8");
const example = /## futrou\.json\n[\s\S]*?```json\n([\s\S]*?)```/.exec(page)?.[1] ?? "";

describe("the futrou.json example of the migration guide", () => {
  const program = declare(CliConfig.parse(JSON.parse(example)), "futrou.json");

  it("declares every item it lists, by kind, in the 2026-08-30 generation", () => {
    expect(program.generation).toBe("2026-08-30");
    expect(program.objects.map((o) => `${o.kind} ${o.label}`).sort()).toEqual(
      [
        "cron hourly",
        "dnsRecord shop.example / @ MX",
        "dnsRecord shop.example / www A",
        "dnsZone shop.example",
        "project shop",
        "proxy app.shop.example",
        "serverlet web",
        "storage assets",
      ].sort(),
    );
  });

  it("gives no warning, and the proxy's target refers to the serverlet", () => {
    expect(program.warnings).toEqual([]);
    const proxy = program.objects.find((o) => o.kind === "proxy");
    expect(proxy?.inputs.get("target")).toMatchObject({ kind: "ref", target: { kind: "serverlet" } });
  });
});
