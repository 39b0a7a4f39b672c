/**
 * The official Futrou CLI against the emulator: each of its commands for projects, volumes, DNS zones and
 * records, proxies, serverlets and workspaces (fixtures in cli/commands.ts: its request bodies and what
 * it reads of the answers), and its declarative round trip, `config pull` and `deploy`, modelled request
 * by request in cli/deployer.ts. The emulator must accept all of it, except where the CLI itself is at
 * fault (it would fail against the real API too); those cases assert the CLI's own failure.
 */
import { type RunningEmulator, startEmulator } from "../../emulator";
import { ApiRefusal, CliClient, CliSideError, type Obj } from "./futrou-cli/client";
import { CLI_COMMANDS } from "./futrou-cli/commands";
import { type Action, configPull, deploy, type Generation, type ProjectConfig } from "./futrou-cli/deployer";
import { runCommand } from "./futrou-cli/replay";

const session = (emu: RunningEmulator) => new CliClient(emu.url.replace(/\/v2$/, ""), emu.token);
const summary = (plan: Action[]) => plan.map((a) => `${a.type} ${a.resource} ${a.name}`);
/** The records of the first zone of a config. */
const recordsIn = (cfg: ProjectConfig) => (cfg.dns?.[0]?.records ?? []) as Obj[];
const allAnswered = (cli: CliClient) => cli.log.filter((x) => x.status >= 400);

describe("each CLI command succeeds against the emulator", () => {
  test.each(CLI_COMMANDS.map((c) => [c.run, c] as const))("%s", async (_run, command) => {
    const emu = await startEmulator({ deployDelayMs: 50, quiet: true });
    try {
      const cli = await runCommand(emu, command);
      expect(cli.log.length).toBe(command.steps.length);
    } finally {
      await emu.close();
    }
  });
});

/**
 * A futrou.json written by hand, without a project: every kind the 2026-08-02 deployer knows (the serverlet
 * and volume as in the CLI's deploy_test.go@d7ffbbc).
 */
const HAND_WRITTEN: ProjectConfig = {
  serverlets: [{ name: "web", image: "nginx:latest", ram: 128, cpu: 100, minInstances: 1, maxInstances: 1 }],
  dns: [{ domain: "example.com", records: [{ name: "www", type: "A", value: "203.0.113.10", ttl: 300 }] }],
  proxies: [{ domain: "app.example.com", target: "web", port: 8080 }],
  volumes: [{ name: "data", sizeGb: 10, type: "ssd" }],
  crons: [{ name: "hourly", schedule: "0 * * * *", url: "https://example.com/job" }],
};

const recordsOf = async (cli: CliClient, domain: string) => {
  const zone = (await cli.list("/v2/dns")).find((z) => z.domain === domain);
  const records = await cli.list(`/v2/dns/${zone?.id}/records`);
  return records.map((r) => `${r.name} ${r.type} ${r.value}`).sort();
};

describe("deploy of a hand-written futrou.json (no project, no locks)", () => {
  let emu: RunningEmulator;
  beforeAll(async () => {
    emu = await startEmulator({ deployDelayMs: 50, quiet: true });
  });
  afterAll(() => emu.close());

  test("deploy --yes creates every declared resource without naming a workspace; they land in the token's", async () => {
    const cli = session(emu);
    const { plan } = await deploy(cli, HAND_WRITTEN);
    expect(summary(plan)).toEqual([
      "create serverlet web",
      "create dns zone example.com",
      "create proxy app.example.com",
      "create volume data",
      "create cron hourly",
    ]);
    const posts = cli.log.filter((x) => x.method === "POST");
    expect(posts.map((x) => [x.path, x.status, "workspaceId" in (x.body as Obj)])).toEqual([
      ["/v2/serverlets", 201, false],
      ["/v2/dns", 201, false],
      ["/v2/proxies", 201, false],
      ["/v2/volumes", 201, false],
      ["/v2/crons", 201, false],
    ]);
    const mine = emu.inventory(emu.workspaceId);
    expect([mine.serverlet, mine.dnsZone, mine.proxy, mine.volume, mine.cron].map((l) => l.length)).toEqual([
      1, 1, 1, 1, 1,
    ]);
  });

  test("the second deploy plans the zone's records: the declared one takes a platform record's place, the rest go", async () => {
    // The deployer plans records only for a zone that already existed, and without locks it pairs a
    // declared record it cannot find by name and type with the remote record at the same position.
    const cli = session(emu);
    const { plan } = await deploy(cli, HAND_WRITTEN);
    const records = plan.filter((a) => a.resource === "dns record");
    expect(records.map((a) => a.type).sort()).toEqual(["delete", "delete", "update"]);
    expect(allAnswered(cli)).toEqual([]);
    expect(await recordsOf(cli, "example.com")).toEqual(["www A 203.0.113.10"]);
  });

  test("later deploys only repeat updates of fields the API does not answer (a zone's ttl/priority, a cron's startedAt)", async () => {
    const cli = session(emu);
    const { plan } = await deploy(cli, HAND_WRITTEN);
    expect(plan.map((a) => [a.type, a.resource, Object.keys(a.payload ?? {}).sort()])).toEqual([
      ["update", "dns zone", ["priority", "ttl"]],
      ["update", "cron", ["startedAt"]],
    ]);
    expect(allAnswered(cli)).toEqual([]);
  });

  test("deploy --destroy --yes deletes exactly what the file declares", async () => {
    const cli = session(emu);
    const { plan } = await deploy(cli, HAND_WRITTEN, { destroy: true });
    expect(plan.map((a) => a.type)).toEqual(["delete", "delete", "delete", "delete", "delete"]);
    const left = emu.inventory(emu.workspaceId);
    expect([left.serverlet, left.dnsZone, left.proxy, left.volume, left.cron, left.dnsRecord].flat()).toEqual([]);
  });

  test("with --assume locked-platform-records the second deploy fails on a platform record (the switch's cost)", async () => {
    const locked = await startEmulator({ deployDelayMs: 50, quiet: true, assume: { lockedPlatformRecords: true } });
    try {
      await deploy(session(locked), HAND_WRITTEN);
      const failure = await deploy(session(locked), HAND_WRITTEN).catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(ApiRefusal);
      expect((failure as ApiRefusal).status).toBe(400);
      expect((failure as ApiRefusal).message).toContain("managed by the platform");
    } finally {
      await locked.close();
    }
  });
});

/** What the first deploy of a pulled file sends for a proxy with the API's default flags. */
const FLAGS_OFF = {
  preserveHeaders: false,
  preserveHost: false,
  preservePath: false,
  preserveQuery: false,
  verifyTls: false,
};

describe("config pull → deploy → edit → deploy in a project", () => {
  /** A project `demo` holding one object of each kind the deployer knows but crons, made through the API. */
  async function seeded(assume: { lockedPlatformRecords?: boolean } = {}) {
    const emu = await startEmulator({ deployDelayMs: 50, quiet: true, assume });
    const api = session(emu);
    const project = await api.object("POST", "/v2/projects", { name: "demo", workspaceId: emu.workspaceId });
    const owned = { workspaceId: emu.workspaceId, projectId: project.id };
    await api.request("POST", "/v2/serverlets", { name: "web", image: "nginx:1.27", ...owned });
    const zone = await api.object("POST", "/v2/dns", { domain: "example.org", ...owned });
    await api.request("POST", `/v2/dns/${zone.id}/records`, { name: "www", type: "A", value: "203.0.113.7", ttl: 300 });
    await api.request("POST", "/v2/proxies", { domain: "app.example.org", target: "web", port: 8080, ...owned });
    await api.request("POST", "/v2/volumes", { name: "data", sizeGb: 20, type: "ssd", ...owned });
    return { emu, project };
  }

  test.each([
    ["by default", {}],
    ["with --assume locked-platform-records", { lockedPlatformRecords: true }],
  ])("%s: pull, deploy of the pulled file, an edited deploy and an unchanged one all succeed", async (_how, assume) => {
    const { emu } = await seeded(assume);
    try {
      const cli = session(emu);
      const pulled = await configPull(cli, { workspace: "default" }, "demo", "2026-08-02");
      expect(pulled).toMatchObject({ workspace: "default", project: "demo" });
      expect(pulled.serverlets?.map((s) => s.name)).toEqual(["web"]);
      expect(
        recordsIn(pulled)
          .map((r) => `${r.name} ${r.type}`)
          .sort(),
      ).toEqual(["@ NS", "@ NS", "@ SOA", "www A"]);
      expect(Object.keys(pulled.locks ?? {})).toEqual(expect.arrayContaining(["project", "dns.example.org"]));

      // CLI fault: it writes a proxy without the flags whose value is the API's default (true), reads the
      // file back with them false, and so the first deploy of a pulled file turns them off.
      const first = (await deploy(cli, pulled)).plan;
      expect(first.map((a) => [a.type, a.resource, a.payload])).toEqual([["update", "proxy", FLAGS_OFF]]);

      const edited: ProjectConfig = structuredClone(pulled);
      const web = edited.serverlets?.[0] as Obj;
      web.image = "nginx:1.28";
      const zone = edited.dns?.[0] as Obj;
      zone.records = [...(zone.records as Obj[]), { name: "api", type: "CNAME", value: "web.example.org", ttl: 300 }];
      const { plan, file } = await deploy(cli, edited);
      expect(summary(plan)).toEqual(["update serverlet web", "create dns record example.org / api CNAME"]);
      expect(file.serverlets?.[0]?.image).toBe("nginx:1.28");
      expect(recordsIn(file).map((r) => r.name)).toContain("api");

      expect(summary((await deploy(cli, file)).plan)).toEqual([]);
      expect(allAnswered(cli)).toEqual([]);
    } finally {
      await emu.close();
    }
  });

  test("the newest CLI (storages, plan-sized serverlets, crons with a type): pull, deploy, edit, deploy", async () => {
    const gen: Generation = "2026-08-30";
    const emu = await startEmulator({ deployDelayMs: 50, quiet: true });
    try {
      const api = session(emu);
      const [serverletPlan] = await api.list("/v2/serverlets/plans");
      const [storagePlan] = await api.list("/v2/storages/plans");
      const project = await api.object("POST", "/v2/projects", { name: "demo", workspaceId: emu.workspaceId });
      const owned = { workspaceId: emu.workspaceId, projectId: project.id };
      // The bodies the newest CLI's `serverlets create` and `storages create` send.
      await api.request("POST", "/v2/serverlets", {
        name: "web",
        image: "nginx:1.27",
        serverletPlanId: serverletPlan?.id,
        ...owned,
      });
      await api.request("POST", "/v2/storages", { name: "assets", storagePlanId: storagePlan?.id, ...owned });
      await api.request("POST", "/v2/crons", {
        name: "hourly",
        schedule: "0 * * * *",
        url: "https://example.org/job",
        ...owned,
      });
      const zone = await api.object("POST", "/v2/dns", { domain: "example.org", ...owned });
      await api.request("POST", `/v2/dns/${zone.id}/records`, {
        name: "www",
        type: "A",
        value: "203.0.113.7",
        ttl: 300,
      });

      const cli = session(emu);
      const pulled = await configPull(cli, { workspace: "default" }, "demo", gen);
      expect([pulled.serverlets, pulled.storages, pulled.crons].map((l) => l?.map((o) => o.name))).toEqual([
        ["web"],
        ["assets"],
        ["hourly"],
      ]);
      expect(pulled.volumes).toBeUndefined();
      expect(summary((await deploy(cli, pulled, { generation: gen })).plan)).toEqual([]);

      const edited: ProjectConfig = structuredClone(pulled);
      (edited.serverlets?.[0] as Obj).image = "nginx:1.28";
      const { plan, file } = await deploy(cli, edited, { generation: gen });
      expect(summary(plan)).toEqual(["update serverlet web"]);
      expect(summary((await deploy(cli, file, { generation: gen })).plan)).toEqual([]);
      expect(allAnswered(cli)).toEqual([]);
    } finally {
      await emu.close();
    }
  });

  test("CLI fault: with a cron in the project, config pull fails in the CLI itself (its types decode Cron.type into an empty struct)", async () => {
    const { emu, project } = await seeded();
    try {
      const api = session(emu);
      await api.request("POST", "/v2/crons", {
        name: "hourly",
        schedule: "0 * * * *",
        url: "https://example.org/job",
        projectId: project.id,
      });
      const cli = session(emu);
      const failure = await configPull(cli, { workspace: "default" }, "demo", "2026-08-02").catch((e: unknown) => e);
      expect(failure).toBeInstanceOf(CliSideError);
      expect((failure as Error).message).toContain("crons.type");
      expect(allAnswered(cli)).toEqual([]);
    } finally {
      await emu.close();
    }
  });

  test("CLI fault: a volume the file adds is created without projectId, so the refresh after deploy drops it from the file", async () => {
    const { emu } = await seeded();
    try {
      const cli = session(emu);
      const pulled = await configPull(cli, { workspace: "default" }, "demo", "2026-08-02");
      const edited: ProjectConfig = { ...pulled, volumes: [...(pulled.volumes ?? []), { name: "extra", sizeGb: 5 }] };
      const { plan, file } = await deploy(cli, edited);
      expect(summary(plan)).toEqual(["update proxy app.example.org", "create volume extra"]);
      expect(allAnswered(cli)).toEqual([]);
      expect(file.volumes?.map((v) => v.name)).toEqual(["data"]);
      const extra = emu.inventory(emu.workspaceId).volume.find((v) => v.name === "extra");
      expect(extra).toMatchObject({ workspaceId: emu.workspaceId });
      expect(extra?.projectId).toBeUndefined();
    } finally {
      await emu.close();
    }
  });
});
