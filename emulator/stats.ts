/** Request counts for tests and benchmarks: every /v2 request, by method, route pattern and status. */
export interface EmulatorStats {
  total: number;
  byMethod: Record<string, number>;
  /** Keyed `METHOD /route/pattern`, e.g. `POST /projects`, `GET /dns/{dnsId}/records/{id}`. */
  byRoute: Record<string, number>;
  /** Keyed `METHOD /v2/path` as requested (no query), e.g. `PATCH /v2/volumes/<id>`. */
  byPath: Record<string, number>;
  /** Keyed by status code; `dropped` counts connections destroyed without an answer. */
  byStatus: Record<string, number>;
}

export class Stats {
  private s: EmulatorStats = Stats.empty();
  private static empty(): EmulatorStats {
    return { total: 0, byMethod: {}, byRoute: {}, byPath: {}, byStatus: {} };
  }
  request(method: string, route: string, path: string): void {
    this.s.total++;
    bump(this.s.byMethod, method);
    bump(this.s.byRoute, `${method} ${route}`);
    bump(this.s.byPath, `${method} ${path}`);
  }
  status(status: number | "dropped"): void {
    bump(this.s.byStatus, String(status));
  }
  snapshot(): EmulatorStats {
    return structuredClone(this.s);
  }
  reset(): void {
    this.s = Stats.empty();
  }
}

function bump(map: Record<string, number>, key: string): void {
  map[key] = (map[key] ?? 0) + 1;
}
