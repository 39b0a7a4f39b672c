/**
 * The official Futrou CLI's commands for projects, volumes, DNS zones and records, proxies, serverlets and
 * workspaces, as fixtures: the requests each command sends (method, path, body, from the command's source
 * at the cited commit of futrou/futrou-cli) and what it reads of the answers (the fields its own tests look
 * for). Written from reading that source; none of its code is here.
 *
 * Placeholders: `{workspace}` the token's workspace id, `{workspaceName}` its name; `{plan}`/`{plan2}` two
 * serverlet plan ids, `{storagePlan}`/`{storagePlan2}` two storage plan ids; `{project}`/`{projectName}`,
 * `{volume}`, `{zone}`, `{record}`, `{proxy}`, `{serverlet}`, `{storage}` the ids (and name) of the objects
 * listed in `given`, which exist before the command runs.
 */

export type Given = "project" | "volume" | "zone" | "record" | "proxy" | "serverlet" | "storage";

export interface Step {
  method: "GET" | "POST" | "PATCH" | "DELETE";
  path: string;
  body?: Record<string, unknown>;
  /** The answer is decoded into a slice (lists): it must be a JSON array. */
  list?: boolean;
  /** Fields the CLI's tests find in the output: on the object, or for a list on the row of the given object. */
  reads?: string[];
  /** The first listed row's id becomes this placeholder (the CLI resolving a name to an id). */
  sets?: "workspace" | "project";
}

export interface CliCommand {
  /** As a user types it. */
  run: string;
  /** Where its requests and expectations are read from (files of futrou/futrou-cli at a commit). */
  source: string;
  given?: Given[];
  steps: Step[];
}

const M_PROJECTS = "src/commands/projects.go@035adae, projects_test.go@035adae";
const M_VOLUMES = "src/commands/volumes.go@b28f67a, volumes_test.go@b28f67a";
const M_DNS = "src/commands/dns.go@2c18ac9, dns_test.go@2c18ac9";
const M_PROXIES = "src/commands/proxies.go@54cd639, proxies_test.go@2c18ac9";
const M_SERVERLETS = "src/commands/serverlets.go@2c18ac9, serverlets_test.go@b28f67a";
const N_SERVERLETS = "src/commands/serverlets.go@3caf725, workspace.go@3caf725 (resolveProjectID)";
const WORKSPACES = "src/commands/workspace.go@3caf725, SKILL.md@29a7788";
const N_STORAGES = "src/commands/storages.go@3caf725, storages_test.go@3caf725";

export const CLI_COMMANDS: CliCommand[] = [
  // Projects: the CLI always sends workspaceId (resolved from --workspace: a UUID as is, a name via ?name=).
  {
    run: "projects create --name my-project --display-name 'My Project' --workspace <uuid>",
    source: M_PROJECTS,
    steps: [
      {
        method: "POST",
        path: "/v2/projects",
        body: { name: "my-project", workspaceId: "{workspace}", displayName: "My Project" },
        reads: ["id"],
      },
    ],
  },
  {
    run: "projects create --name by-name --workspace <name>",
    source: M_PROJECTS,
    steps: [
      { method: "GET", path: "/v2/workspaces?name={workspaceName}", list: true, sets: "workspace" },
      { method: "POST", path: "/v2/projects", body: { name: "by-name", workspaceId: "{workspace}" }, reads: ["id"] },
    ],
  },
  {
    run: "projects list",
    source: M_PROJECTS,
    given: ["project"],
    steps: [{ method: "GET", path: "/v2/projects", list: true, reads: ["id", "name", "displayName", "workspaceId"] }],
  },
  {
    run: "projects get <id>",
    source: M_PROJECTS,
    given: ["project"],
    steps: [{ method: "GET", path: "/v2/projects/{project}", reads: ["id", "displayName"] }],
  },
  {
    run: "projects update --name new-name <id>",
    source: M_PROJECTS,
    given: ["project"],
    steps: [{ method: "PATCH", path: "/v2/projects/{project}", body: { name: "new-name" } }],
  },
  {
    run: "projects update --display-name Renamed <id>",
    source: M_PROJECTS,
    given: ["project"],
    steps: [{ method: "PATCH", path: "/v2/projects/{project}", body: { displayName: "Renamed" } }],
  },
  {
    run: "projects delete <id>",
    source: M_PROJECTS,
    given: ["project"],
    steps: [{ method: "DELETE", path: "/v2/projects/{project}" }],
  },

  // Volumes: no owner on create.
  {
    run: "volumes create --name my-vol",
    source: M_VOLUMES,
    steps: [{ method: "POST", path: "/v2/volumes", body: { name: "my-vol", sizeGb: 10, type: "ssd" }, reads: ["id"] }],
  },
  {
    run: "volumes create --name big-vol --size 50 --type nvme",
    source: M_VOLUMES,
    steps: [
      { method: "POST", path: "/v2/volumes", body: { name: "big-vol", sizeGb: 50, type: "nvme" }, reads: ["id"] },
    ],
  },
  {
    run: "volumes list",
    source: M_VOLUMES,
    given: ["volume"],
    steps: [{ method: "GET", path: "/v2/volumes", list: true, reads: ["id", "name", "type", "sizeGb"] }],
  },
  {
    run: "volumes get <id>",
    source: M_VOLUMES,
    given: ["volume"],
    steps: [{ method: "GET", path: "/v2/volumes/{volume}", reads: ["id"] }],
  },
  {
    run: "volumes update --name renamed <id>",
    source: M_VOLUMES,
    given: ["volume"],
    steps: [{ method: "PATCH", path: "/v2/volumes/{volume}", body: { name: "renamed" } }],
  },
  {
    run: "volumes update --size 100 <id>",
    source: M_VOLUMES,
    given: ["volume"],
    steps: [{ method: "PATCH", path: "/v2/volumes/{volume}", body: { sizeGb: 100 } }],
  },
  {
    run: "volumes delete <id>",
    source: M_VOLUMES,
    given: ["volume"],
    steps: [{ method: "DELETE", path: "/v2/volumes/{volume}" }],
  },

  // DNS zones and records: a zone is created as `{name}`, no owner.
  {
    run: "dns create --name example.com",
    source: M_DNS,
    steps: [{ method: "POST", path: "/v2/dns", body: { name: "example.com" }, reads: ["id"] }],
  },
  {
    run: "dns list",
    source: M_DNS,
    given: ["zone"],
    steps: [{ method: "GET", path: "/v2/dns", list: true, reads: ["id", "name"] }],
  },
  {
    run: "dns get <id>",
    source: M_DNS,
    given: ["zone"],
    steps: [{ method: "GET", path: "/v2/dns/{zone}", reads: ["id"] }],
  },
  {
    run: "dns update --name new.com <id>",
    source: M_DNS,
    given: ["zone"],
    steps: [{ method: "PATCH", path: "/v2/dns/{zone}", body: { name: "new.com" } }],
  },
  {
    run: "dns delete <id>",
    source: M_DNS,
    given: ["zone"],
    steps: [{ method: "DELETE", path: "/v2/dns/{zone}" }],
  },
  {
    run: "dns records create --name www --type A --value 1.2.3.4 --ttl 600 <zone>",
    source: M_DNS,
    given: ["zone"],
    steps: [
      {
        method: "POST",
        path: "/v2/dns/{zone}/records",
        body: { name: "www", type: "A", value: "1.2.3.4", ttl: 600 },
        reads: ["id", "value"],
      },
    ],
  },
  {
    run: "dns records create --name mail --type MX --value mail.example.com --priority 10 <zone>",
    source: M_DNS,
    given: ["zone"],
    steps: [
      {
        method: "POST",
        path: "/v2/dns/{zone}/records",
        body: { name: "mail", type: "MX", value: "mail.example.com", ttl: 300, priority: 10 },
        reads: ["id"],
      },
    ],
  },
  {
    run: "dns records list <zone>",
    source: M_DNS,
    given: ["zone", "record"],
    steps: [
      {
        method: "GET",
        path: "/v2/dns/{zone}/records",
        list: true,
        reads: ["id", "name", "type", "value", "ttl", "priority"],
      },
    ],
  },
  {
    run: "dns records get <zone> <record>",
    source: M_DNS,
    given: ["zone", "record"],
    steps: [{ method: "GET", path: "/v2/dns/{zone}/records/{record}", reads: ["id", "value"] }],
  },
  {
    run: "dns records update --value 5.6.7.8 <zone> <record>",
    source: M_DNS,
    given: ["zone", "record"],
    steps: [{ method: "PATCH", path: "/v2/dns/{zone}/records/{record}", body: { value: "5.6.7.8" } }],
  },
  {
    run: "dns records update --ttl 3600 <zone> <record>",
    source: M_DNS,
    given: ["zone", "record"],
    steps: [{ method: "PATCH", path: "/v2/dns/{zone}/records/{record}", body: { ttl: 3600 } }],
  },
  {
    run: "dns records delete <zone> <record>",
    source: M_DNS,
    given: ["zone", "record"],
    steps: [{ method: "DELETE", path: "/v2/dns/{zone}/records/{record}" }],
  },

  // Proxies: no owner on create; port and type always sent (defaults 80, http).
  {
    run: "proxies create --domain example.com --target localhost --port 8080",
    source: M_PROXIES,
    steps: [
      {
        method: "POST",
        path: "/v2/proxies",
        body: { domain: "example.com", target: "localhost", port: 8080, type: "http" },
        reads: ["id"],
      },
    ],
  },
  {
    run: "proxies create --domain secure.com --target backend --https",
    source: M_PROXIES,
    steps: [
      {
        method: "POST",
        path: "/v2/proxies",
        body: { domain: "secure.com", target: "backend", port: 80, type: "http", enforceHttps: true },
        reads: ["id"],
      },
    ],
  },
  {
    run: "proxies create --domain lb.com --target backend --strategy round-robin",
    source: M_PROXIES,
    steps: [
      {
        method: "POST",
        path: "/v2/proxies",
        body: { domain: "lb.com", target: "backend", port: 80, type: "http", strategy: "round-robin" },
        reads: ["id"],
      },
    ],
  },
  {
    run: "proxies list",
    source: M_PROXIES,
    given: ["proxy"],
    steps: [
      { method: "GET", path: "/v2/proxies", list: true, reads: ["id", "domain", "type", "target", "port", "status"] },
    ],
  },
  {
    run: "proxies get <id>",
    source: M_PROXIES,
    given: ["proxy"],
    steps: [{ method: "GET", path: "/v2/proxies/{proxy}", reads: ["id", "domain"] }],
  },
  {
    run: "proxies update --domain new.com <id>",
    source: M_PROXIES,
    given: ["proxy"],
    steps: [{ method: "PATCH", path: "/v2/proxies/{proxy}", body: { domain: "new.com" } }],
  },
  {
    run: "proxies update --port 9090 <id>",
    source: M_PROXIES,
    given: ["proxy"],
    steps: [{ method: "PATCH", path: "/v2/proxies/{proxy}", body: { port: 9090 } }],
  },
  {
    run: "proxies delete <id>",
    source: M_PROXIES,
    given: ["proxy"],
    steps: [{ method: "DELETE", path: "/v2/proxies/{proxy}" }],
  },

  // Serverlets, 2026-08-02 CLI: no owner on create, min/max always sent (defaults 1/1).
  {
    run: "serverlets create --name my-app --image nginx:latest",
    source: M_SERVERLETS,
    steps: [
      {
        method: "POST",
        path: "/v2/serverlets",
        body: { name: "my-app", image: "nginx:latest", minInstances: 1, maxInstances: 1 },
        reads: ["id"],
      },
    ],
  },
  {
    run: "serverlets create --name my-app --image nginx:latest --plan <plan> --min 2 --max 5",
    source: M_SERVERLETS,
    steps: [
      {
        method: "POST",
        path: "/v2/serverlets",
        body: { name: "my-app", image: "nginx:latest", minInstances: 2, maxInstances: 5, serverletPlanId: "{plan}" },
        reads: ["id"],
      },
    ],
  },
  {
    run: "serverlets list",
    source: M_SERVERLETS,
    given: ["serverlet"],
    steps: [
      {
        method: "GET",
        path: "/v2/serverlets",
        list: true,
        reads: ["id", "name", "image", "state", "instances", "minInstances", "maxInstances"],
      },
    ],
  },
  {
    run: "serverlets get <id>",
    source: M_SERVERLETS,
    given: ["serverlet"],
    steps: [{ method: "GET", path: "/v2/serverlets/{serverlet}", reads: ["id", "image"] }],
  },
  {
    run: "serverlets update --name new-name <id>",
    source: M_SERVERLETS,
    given: ["serverlet"],
    steps: [{ method: "PATCH", path: "/v2/serverlets/{serverlet}", body: { name: "new-name" } }],
  },
  {
    run: "serverlets update --image alpine:3 <id>",
    source: M_SERVERLETS,
    given: ["serverlet"],
    steps: [{ method: "PATCH", path: "/v2/serverlets/{serverlet}", body: { image: "alpine:3" } }],
  },
  {
    run: "serverlets update --image nginx:1.25 --max 5 <id> (SKILL.md)",
    source: "SKILL.md@29a7788 (example), serverlets.go@2c18ac9",
    given: ["serverlet"],
    steps: [{ method: "PATCH", path: "/v2/serverlets/{serverlet}", body: { image: "nginx:1.25", maxInstances: 5 } }],
  },
  {
    run: "serverlets stop <id>",
    source: M_SERVERLETS,
    given: ["serverlet"],
    steps: [{ method: "POST", path: "/v2/serverlets/{serverlet}/stop" }],
  },
  {
    run: "serverlets start <id>",
    source: M_SERVERLETS,
    given: ["serverlet"],
    steps: [{ method: "POST", path: "/v2/serverlets/{serverlet}/start" }],
  },
  {
    run: "serverlets restart <id>",
    source: M_SERVERLETS,
    given: ["serverlet"],
    steps: [{ method: "POST", path: "/v2/serverlets/{serverlet}/restart" }],
  },
  {
    run: "serverlets instances <id>",
    source: M_SERVERLETS,
    given: ["serverlet"],
    steps: [{ method: "GET", path: "/v2/serverlets/{serverlet}/instances", list: true }],
  },
  {
    run: "serverlets delete <id>",
    source: M_SERVERLETS,
    given: ["serverlet"],
    steps: [{ method: "DELETE", path: "/v2/serverlets/{serverlet}" }],
  },

  // Serverlets, newest CLI: sized by plan, owner and project resolved first.
  {
    run: "serverlets create --name n-app --image nginx:latest --plan <plan> --workspace <uuid> --project <name>",
    source: N_SERVERLETS,
    given: ["project"],
    steps: [
      { method: "GET", path: "/v2/workspaces/{workspace}/projects?name={projectName}", list: true, sets: "project" },
      {
        method: "POST",
        path: "/v2/serverlets",
        body: {
          name: "n-app",
          image: "nginx:latest",
          serverletPlanId: "{plan}",
          workspaceId: "{workspace}",
          projectId: "{project}",
        },
        reads: ["id"],
      },
    ],
  },
  {
    run: "serverlets update --plan <plan> <id> (newest CLI)",
    source: N_SERVERLETS,
    given: ["serverlet"],
    steps: [{ method: "PATCH", path: "/v2/serverlets/{serverlet}", body: { serverletPlanId: "{plan2}" } }],
  },

  // Storages, newest CLI: owner and project resolved first (a UUID is used as is).
  {
    run: "storages create --name my-storage --plan <plan> --workspace <uuid> --project <uuid>",
    source: N_STORAGES,
    given: ["project"],
    steps: [
      {
        method: "POST",
        path: "/v2/storages",
        body: {
          name: "my-storage",
          storagePlanId: "{storagePlan}",
          workspaceId: "{workspace}",
          projectId: "{project}",
        },
        reads: ["id"],
      },
    ],
  },
  {
    run: "storages list --workspace <uuid> --project <name>",
    source: N_STORAGES,
    given: ["project", "storage"],
    steps: [
      { method: "GET", path: "/v2/workspaces/{workspace}/projects?name={projectName}", list: true, sets: "project" },
      {
        method: "GET",
        path: "/v2/storages?workspaceId={workspace}&projectId={project}",
        list: true,
        reads: ["id", "name", "projectId", "storagePlanId"],
      },
    ],
  },
  {
    run: "storages get <id>",
    source: N_STORAGES,
    given: ["storage"],
    steps: [{ method: "GET", path: "/v2/storages/{storage}", reads: ["id"] }],
  },
  {
    run: "storages update --name new-name <id>",
    source: N_STORAGES,
    given: ["storage"],
    steps: [{ method: "PATCH", path: "/v2/storages/{storage}", body: { name: "new-name" } }],
  },
  {
    run: "storages update --plan <plan> <id>",
    source: N_STORAGES,
    given: ["storage"],
    steps: [{ method: "PATCH", path: "/v2/storages/{storage}", body: { storagePlanId: "{storagePlan2}" } }],
  },
  {
    run: "storages instances <id>",
    source: N_STORAGES,
    given: ["storage"],
    steps: [{ method: "GET", path: "/v2/storages/{storage}/instances", list: true, reads: ["id", "status"] }],
  },
  {
    run: "storages logs [--tail] <id>",
    source: N_STORAGES,
    given: ["storage"],
    steps: [
      { method: "GET", path: "/v2/storages/{storage}/logs", list: true },
      { method: "GET", path: "/v2/storages/{storage}/logs/tail", list: true },
    ],
  },
  {
    run: "storages delete <id>",
    source: N_STORAGES,
    given: ["storage"],
    steps: [{ method: "DELETE", path: "/v2/storages/{storage}" }],
  },
  {
    run: "storages plans list",
    source: N_STORAGES,
    steps: [
      { method: "GET", path: "/v2/storages/plans", list: true, reads: ["id", "name", "displayName", "isPublic"] },
    ],
  },
  {
    run: "storages plans get <plan>",
    source: N_STORAGES,
    steps: [{ method: "GET", path: "/v2/storages/plans/{storagePlan}", reads: ["id"] }],
  },

  // Workspaces
  {
    run: "workspaces list",
    source: WORKSPACES,
    steps: [{ method: "GET", path: "/v2/workspaces", list: true, reads: ["id", "name", "displayName", "currency"] }],
  },
  {
    run: "workspaces get <id>",
    source: WORKSPACES,
    steps: [{ method: "GET", path: "/v2/workspaces/{workspace}", reads: ["id", "name"] }],
  },
  {
    run: "workspaces limits --workspace <uuid>",
    source: WORKSPACES,
    steps: [{ method: "GET", path: "/v2/workspaces/{workspace}/limits" }],
  },
];
