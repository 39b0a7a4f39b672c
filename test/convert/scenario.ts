/**
 * The project every conversion test starts from: objects of each kind made in a project `shop` with the
 * request bodies the official CLI's commands send, pulled and deployed with its declarative round trip, so
 * futrou.json carries its locks, then changed the ways a real project drifts: an object renamed outside the
 * CLI (its lock still names it), one deployed but not in the file, and one in the file but never deployed.
 */
import type { RunningEmulator } from "../../emulator";
import type { Obj } from "../emulator/futrou-cli/client";
import { configPull, deploy, type Generation, type ProjectConfig } from "../emulator/futrou-cli/deployer";
import { cliSession } from "./helpers";

export const CRON_HEADER = "Bearer converted-cron-credential";

export interface Deployed {
  /** futrou.json as the test hands it to the converter. */
  file: ProjectConfig;
  /** API ids by the object's name in the file. */
  ids: Record<string, string>;
  /** How many objects of the file the API holds (what `pulumi up` imports). */
  adoptable: number;
}

export async function deployedProject(emu: RunningEmulator, gen: Generation): Promise<Deployed> {
  const api = cliSession(emu);
  const ids: Record<string, string> = {};
  const post = async (path: string, body: Obj, name: string) => {
    const made = await api.object("POST", `/v2${path}`, body);
    ids[name] = String(made.id);
    return String(made.id);
  };
  const project = await post("/projects", { name: "shop", workspaceId: emu.workspaceId }, "shop");
  const owned = { workspaceId: emu.workspaceId, projectId: project };
  let disk: string;
  if (gen === "2026-08-30") {
    const [plan] = await api.list("/v2/serverlets/plans");
    const [storagePlan] = await api.list("/v2/storages/plans");
    disk = await post("/storages", { name: "assets", storagePlanId: storagePlan?.id, ...owned }, "assets");
    await post("/serverlets", { name: "web", image: "nginx:1.27", serverletPlanId: plan?.id, ...owned }, "web");
  } else {
    disk = await post("/volumes", { name: "data", sizeGb: 20, type: "ssd", ...owned }, "data");
    await post("/serverlets", { name: "web", image: "nginx:1.27", minInstances: 1, maxInstances: 2, ...owned }, "web");
  }
  const zone = await post("/dns", { domain: "shop.example", ...owned }, "shop.example");
  await post(`/dns/${zone}/records`, { name: "www", type: "A", value: "203.0.113.7", ttl: 600 }, "www");
  await post(
    `/dns/${zone}/records`,
    { name: "mail", type: "MX", value: "mail.shop.example", ttl: 300, priority: 10 },
    "mail",
  );
  await post("/proxies", { domain: "app.shop.example", target: "web", port: 8080, type: "http", ...owned }, "app");
  if (gen === "2026-08-30") {
    // The 2026-08-02 CLI cannot pull a project with a cron (its types decode Cron.type into a struct).
    await post(
      "/crons",
      {
        name: "hourly",
        schedule: "0 * * * *",
        url: "https://shop.example/job",
        headers: { Authorization: CRON_HEADER },
        ...owned,
      },
      "hourly",
    );
  }

  // `futrou config pull`, a mount added in the file, and `futrou deploy` (which also settles the proxy's flags).
  const cli = cliSession(emu);
  const pulled = await configPull(cli, { workspace: "default" }, "shop", gen);
  const web = pulled.serverlets?.find((s) => s.name === "web") as Obj;
  if (gen === "2026-08-30") web.mounts = { "/srv/assets": disk };
  else web.volumes = [{ volumeId: disk, mountPath: "/srv/data", readOnly: false }];
  const { file } = await deploy(cli, pulled, { generation: gen });
  if (gen === "2026-08-02") {
    // The 2026-08-02 API does not answer a serverlet's volumes, so the refresh after deploy drops them from the
    // file; the user's file still has them.
    (file.serverlets?.find((s) => s.name === "web") as Obj).volumes = web.volumes;
  }

  // Outside the CLI: the proxy's domain changes (its lock names it), and a second proxy appears in the project.
  await api.request("PATCH", `/v2/proxies/${ids.app}`, { domain: "www2.shop.example" });
  await post("/proxies", { domain: "old.shop.example", target: "web", ...owned }, "old");
  // In the file, never deployed: a record.
  const records = (file.dns?.[0]?.records ?? []) as Obj[];
  records.push({ name: "api", type: "CNAME", value: "web.shop.example", ttl: 300, priority: 0 });

  const adoptable = gen === "2026-08-30" ? 8 : 7;
  return { file, ids, adoptable };
}
