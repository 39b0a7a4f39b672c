/** A serverlet's test examples (provider/kinds/cases.ts says where each is used). */
import type { KindCases } from "../cases";

export const cases: KindCases = {
  lifecycle: {
    required: () => ({ image: "nginx:1.27" }),
    update: (c) => ({
      name: "api",
      image: "nginx:1.28",
      serverletPlanId: c.plan("serverlet"),
      projectId: c.projectId,
      minInstances: 2,
      maxInstances: 3,
      cpu: 500,
      ram: 512,
      env: { LOG_LEVEL: "debug" },
      volumes: [{ volumeId: c.volumeId, mountPath: "/data" }],
      mounts: { "/files": c.storageId },
      ports: [{ port: 8080 }],
      scaling: { cpuPercent: 70, ramPercent: 80, upCooldown: 60, downCooldown: 300 },
      arch: "arm64",
      networkId: "net-1",
      runtime: "node22",
    }),
    replace: (c) => ({ regionId: c.region("us-east") }),
  },
  contract: [
    {
      label: "env, ports without protocol, volumes, regionId",
      program: {
        name: "api",
        image: "nginx:1.27",
        cpu: 250,
        ram: 512,
        env: { PORT: "8080", LOG_LEVEL: "info" },
        ports: [{ port: 8080 }],
        volumes: [{ volumeId: "vol-1", mountPath: "/data" }],
        regionId: "reg-1",
      },
      update: { image: "nginx:1.28" },
    },
    {
      label: "name and image only (cpu, ram from the plan)",
      program: { name: "worker", image: "busybox:1.36" },
      update: { maxInstances: 3 },
    },
    {
      label: "plan, storage mounts, a scaling map, arm64 (the newest Model's fields)",
      program: {
        name: "web",
        image: "nginx:1.27",
        serverletPlanId: "plan-2",
        mounts: { "/srv/files": "storage-1" },
        scaling: { minReplicas: 1, targetCpuPercent: 70 },
        arch: "arm64",
      },
      update: { mounts: { "/srv/files": "storage-1", "/srv/cache": "storage-2" } },
    },
  ],
  badInput: [
    {
      what: "min above max instances",
      args: { image: "nginx", minInstances: 3, maxInstances: 2 },
      field: "minInstances",
    },
    { what: "image with a space", args: { image: "nginx latest" }, field: "image" },
    { what: "a 5,000-character image", args: { image: "a".repeat(5000) }, field: "image" },
    { what: "a mounted storage id `..`", args: { image: "nginx", mounts: { "/data": ".." } }, field: "mounts" },
    { what: "cpu in cores, not millicores", args: { image: "nginx", cpu: 0.5 }, field: "cpu" },
    { what: "cpu above 32000 millicores", args: { image: "nginx", cpu: 64000 }, field: "cpu" },
    { what: "ram below 32 MiB", args: { image: "nginx", ram: 16 }, field: "ram" },
    { what: "more than 1000 instances", args: { image: "nginx", maxInstances: 1001 }, field: "maxInstances" },
    // Named by the top-level input (the engine prints its value; for a nested path it printed `{<nil>}`), the
    // nested path leading the reason.
    { what: "port 0", args: { image: "nginx", ports: [{ port: 0 }] }, field: "ports" },
    {
      what: "an environment variable name with a dash",
      args: { image: "nginx", env: { "LOG-LEVEL": "x" } },
      field: "env",
    },
  ],
};
