/**
 * `pulumi convert --from futrou --language yaml` of a deployed Futrou CLI project, in each API generation,
 * then the converted program's lifecycle on the provider plugin: `up` adopts every deployed object with no
 * API write (only the record the file adds but nobody deployed is created), `preview` shows no change, an
 * edit is applied as an update, `destroy` removes what the program declares and nothing else.
 */
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { type RunningEmulator, startEmulator } from "../../emulator";
import { type ProgramStack, writes } from "../e2e/engine";
import type { Generation } from "../emulator/futrou-cli/deployer";
import { requireBuilt } from "../languages/lifecycle";
import { cliSession, convertedStack, convertWithPulumi, scratch } from "./helpers";
import { CRON_HEADER, type Deployed, deployedProject } from "./scenario";

jest.setTimeout(600_000);
const quiet = { onOutput: () => {} };

describe.each<Generation>(["2026-08-30", "2026-08-02"])(
  "a CLI project of API generation %s, converted to YAML",
  (gen) => {
    let emu: RunningEmulator;
    let deployed: Deployed;
    let ps: ProgramStack;
    let program: string;
    let output: string;
    const tmp = scratch("convert-yaml");

    beforeAll(async () => {
      requireBuilt();
      emu = await startEmulator({ generation: gen, deployDelayMs: 20, quiet: true });
      deployed = await deployedProject(emu, gen);
      const converted = await convertWithPulumi(emu, deployed.file, "yaml", tmp.dir);
      output = converted.output;
      ps = await convertedStack(emu, converted.out);
      program = join(ps.dir, "Main.yaml");
    });
    afterAll(async () => {
      await ps?.dispose();
      await emu?.close();
      tmp.remove();
    });

    test("the program declares every object of the file with references, secrets marked, and adopts the deployed ones", () => {
      const text = readFileSync(program, "utf8");
      expect(text).toContain("type: futrou:Project");
      expect(text).toMatch(/dnsId: \$\{shopExample\.id\}/);
      expect(text).toMatch(/target: \$\{web\.name\}/);
      if (gen === "2026-08-30") expect(text).toMatch(/projectId: \$\{shop\.id\}/);
      expect(text).toContain(`import: ${deployed.ids.web}`);
      expect(text).toContain(`import: ${deployed.ids["shop.example"]}/${deployed.ids.www}`);
      if (gen === "2026-08-30") {
        expect(text).toMatch(/\/srv\/assets: \$\{assets\.id\}/);
        // The cron's headers are secret by the provider's schema: the state holds them encrypted.
        expect(text).toContain(CRON_HEADER);
      } else {
        // The 2026-08-02 API answers neither a serverlet's volumes nor any object's project: adopting could not
        // compare them, so they are comments (with references), and adopting writes nothing.
        expect(text).toMatch(/^ *# +volumes = \[\{$/m);
        expect(text).toMatch(/^ *# +"volumeId" = data\.id$/m);
        expect(text).not.toMatch(/projectId: \$\{shop\.id\}/);
      }
      // The proxy renamed outside the CLI is found by its lock; the program keeps the API's domain.
      expect(text).toContain(`import: ${deployed.ids.app}`);
      expect(text).toContain("domain: www2.shop.example");
      // The record the file adds has no import option: up creates it.
      expect(text).toMatch(/shopExampleApiCname:\n {4}type: futrou:DnsRecord\n {4}properties:/);
    });

    test("the converter reports the proxy deployed in the project but not in the file, and the renamed one", () => {
      expect(output).toContain(
        `deployed but not declared in futrou.json: Proxy old.shop.example (${deployed.ids.old})`,
      );
      expect(output).toContain('domain: the config says "app.shop.example", the API holds "www2.shop.example"');
      expect(readFileSync(program, "utf8")).not.toMatch(/domain: old\.shop\.example/);
    });

    test("up adopts every deployed object with no API write; only the undeployed record is created", async () => {
      emu.resetStats();
      const up = await ps.stack.up({ ...quiet, diff: true });
      expect(up.summary.resourceChanges).toEqual({ create: 2, import: deployed.adoptable });
      const stats = emu.stats();
      expect(stats.byMethod.POST).toBe(1);
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
      expect(text).toContain("image: nginx:1.27");
      writeFileSync(program, text.replace("image: nginx:1.27", "image: nginx:1.28"));
      const up = await ps.stack.up(quiet);
      expect(up.summary.resourceChanges).toMatchObject({ update: 1 });
      expect(emu.inventory().serverlet.find((s) => s.id === deployed.ids.web)?.image).toBe("nginx:1.28");
    });

    test("destroy removes what the program declares, and leaves the undeclared proxy", async () => {
      await cliSession(emu).request("DELETE", `/v2/proxies/${deployed.ids.old}`);
      await ps.stack.destroy(quiet);
      const left = emu.inventory();
      expect(left.serverlet).toEqual([]);
      expect(left.dnsZone).toEqual([]);
    });
  },
);
