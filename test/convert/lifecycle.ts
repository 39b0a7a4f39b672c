/**
 * One conversion lifecycle, asserted the same way for each target language: a Futrou CLI project of one
 * API generation (scenario.ts) converted with `pulumi convert --from futrou`, then the program's stack on
 * the provider plugin: `up` adopts every deployed object with no API write (only the record the file adds
 * but nobody deployed is created), `preview` shows no change, an edit is applied as an update, and
 * `destroy` removes what the program declares and nothing else.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, writes } from "../e2e/engine";
import type { Generation } from "../emulator/futrou-cli/deployer";
import { requireBuilt } from "../languages/lifecycle";
import { cliSession, convertedStack, convertWithPulumi, scratch } from "./helpers";
import { CRON_HEADER, type Deployed, deployedProject } from "./scenario";

const quiet = { onOutput: () => {} };
const esc = (s: string) => s.replace(/[.*+?^${}()|[\]\\/]/g, "\\$&");

/** How a target language writes what the assertions look for. */
export interface Syntax {
  /** `pulumi convert --language` */
  language: string;
  /** The file the program's resources are in. */
  file: string;
  /** A property set to another resource's output. */
  ref(property: string, resource: string, output: string): RegExp;
  /** A property set to a string. */
  str(property: string, value: string): RegExp;
  /** The `import` option with an id. */
  importOf(id: string): RegExp;
}

export const YAML: Syntax = {
  language: "yaml",
  file: "Main.yaml",
  ref: (p, r, o) => new RegExp(`${esc(p)}: \\$\\{${r}\\.${o}\\}`),
  str: (p, v) => new RegExp(`${esc(p)}: ${esc(v)}\\n`),
  importOf: (id) => new RegExp(`import: ${esc(id)}\\n`),
};

export const TYPESCRIPT: Syntax = {
  language: "typescript",
  file: "index.ts",
  ref: (p, r, o) => new RegExp(`"?${esc(p)}"?: ${r}\\.${o}\\b`),
  str: (p, v) => new RegExp(`${esc(p)}: "${esc(v)}"`),
  importOf: (id) => new RegExp(`import: "${esc(id)}"`),
};

export function describeConversion(syntax: Syntax): void {
  describe.each<Generation>(["2026-08-30", "2026-08-02"])(
    `a CLI project of API generation %s, converted to ${syntax.language}`,
    (gen) => {
      let emu: RunningEmulator;
      let deployed: Deployed;
      let ps: ProgramStack;
      let program: string;
      let output: string;
      const tmp = scratch(`convert-${syntax.language}`);

      beforeAll(async () => {
        requireBuilt();
        emu = await startEmulator({ generation: gen, deployDelayMs: 20, quiet: true });
        deployed = await deployedProject(emu, gen);
        const converted = await convertWithPulumi(emu, deployed.file, syntax.language, tmp.dir);
        output = converted.output;
        ps = await convertedStack(emu, converted.out);
        program = join(ps.dir, syntax.file);
      });
      afterAll(async () => {
        await ps?.dispose();
        await emu?.close();
        tmp.remove();
      });

      test("the program declares every object of the file with references, and adopts the deployed ones by their ids", () => {
        const text = readFileSync(program, "utf8");
        expect(text).toMatch(syntax.ref("dnsId", "shopExample", "id"));
        expect(text).toMatch(syntax.ref("target", "web", "name"));
        expect(text).toMatch(syntax.importOf(deployed.ids.web as string));
        expect(text).toMatch(syntax.importOf(`${deployed.ids["shop.example"]}/${deployed.ids.www}`));
        // The CLI's zero values where the provider's default differs: a proxy's flags it reads as false.
        expect(text).toMatch(syntax.str("domain", "www2.shop.example"));
        expect(text).toMatch(/preserveHost: false/);
        if (gen === "2026-08-30") {
          expect(text).toMatch(syntax.ref("projectId", "shop", "id"));
          expect(text).toMatch(syntax.ref("/srv/assets", "assets", "id"));
          // The cron's headers are secret by the provider's schema: the state holds them encrypted (below).
          expect(text).toContain(CRON_HEADER);
        } else {
          // The 2026-08-02 API answers neither a serverlet's volumes nor any object's project: adopting could not
          // compare them, so they are comments (with references), and adopting writes nothing.
          expect(text).toMatch(/^ *(#|\/\/) +volumes = \[\{$/m);
          expect(text).toMatch(/^ *(#|\/\/) +"volumeId" = data\.id$/m);
          expect(text).not.toMatch(syntax.ref("projectId", "shop", "id"));
        }
        // The proxy renamed outside the CLI is found by its lock; the program keeps the API's domain.
        expect(text).toMatch(syntax.importOf(deployed.ids.app as string));
        // The record the file adds but nobody deployed has no import option: up creates it.
        expect(text).not.toMatch(/web\.shop\.example"?\n\s+(options:\n\s+)?import/);
      });

      test("the converter reports the proxy deployed in the project but not in the file, and the renamed one", () => {
        expect(output).toContain(
          `deployed but not declared in futrou.json: Proxy old.shop.example (${deployed.ids.old})`,
        );
        expect(output).toContain('domain: the config says "app.shop.example", the API holds "www2.shop.example"');
        expect(output).toContain(
          "declared but not deployed, so pulumi up creates them: DnsRecord shop.example / api CNAME",
        );
        expect(readFileSync(program, "utf8")).not.toMatch(syntax.str("domain", "old.shop.example"));
      });

      test("each warning about a value of futrou.json is located at it, and no empty import instructions follow", () => {
        expect(output).toMatch(/futrou\.json:\d+,\d+-\d+: Proxy app\.shop\.example: domain: the config says/);
        expect(output).not.toContain("futrou.json:1,1-1: Proxy app.shop.example");
        // The language host links nothing for a converted program (its SDK is a dependency already): no
        // "Use the package in your program:" with nothing under it.
        expect(output).not.toContain("Use the package in your program");
      });

      test("up adopts every deployed object with no API write; only the undeployed record is created", async () => {
        emu.resetStats();
        const up = await ps.stack.up(quiet);
        expect(up.summary.resourceChanges).toEqual({ create: 2, import: deployed.adoptable });
        const stats = emu.stats();
        expect(stats.byRoute["POST /dns/{dnsId}/records"]).toBe(1);
        expect(writes(stats)).toBe(1);
        // The undeclared proxy is untouched; secrets are encrypted in the state.
        expect(emu.inventory().proxy.map((p) => p.domain)).toContain("old.shop.example");
        expect(await ps.stateAtRest()).not.toContain(CRON_HEADER);
      });

      test("the next preview shows no change", async () => {
        emu.resetStats();
        const preview = await ps.stack.preview(quiet);
        expect(Object.keys(preview.changeSummary)).toEqual(["same"]);
        expect(writes(emu.stats())).toBe(0);
      });

      test("an edit of the program is applied as an update", async () => {
        const text = readFileSync(program, "utf8");
        const image = syntax.str("image", "nginx:1.27");
        expect(text).toMatch(image);
        writeFileSync(program, text.replace("nginx:1.27", "nginx:1.28"));
        const up = await ps.stack.up(quiet);
        expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
        expect(emu.inventory().serverlet.find((s) => s.id === deployed.ids.web)?.image).toBe("nginx:1.28");
      });

      test("destroy removes what the program declares, and leaves the undeclared proxy", async () => {
        await ps.stack.destroy(quiet);
        const left = emu.inventory();
        expect(left.serverlet).toEqual([]);
        expect(left.dnsZone).toEqual([]);
        expect(left.proxy.map((p) => p.domain)).toEqual(["old.shop.example"]);
        await cliSession(emu).request("DELETE", `/v2/proxies/${deployed.ids.old}`);
      });
    },
  );
}
