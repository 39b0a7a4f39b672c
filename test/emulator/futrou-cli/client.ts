/**
 * Requests as the official Futrou CLI sends them (futrou-cli src/services/api_client.go@3caf725): paths
 * under `/v2`, `Accept: application/json`, `Content-Type: application/json` on a body or any mutation
 * (also a body-less POST or DELETE), `Authorization: Bearer <token>`. Like the CLI, any status >= 400 is a
 * failure of the command; a 2xx answer without a body is fine.
 */

export type Obj = Record<string, unknown>;

/** The API refused a request: the CLI prints the message and the command fails. */
export class ApiRefusal extends Error {
  constructor(
    readonly method: string,
    readonly path: string,
    readonly status: number,
    readonly body: unknown,
  ) {
    const message = (body as { message?: unknown } | undefined)?.message;
    super(`${method} ${path} → ${status}${typeof message === "string" ? `: ${message}` : ""}`);
  }
}

/** The CLI itself gives up on answers the API sent with a 2xx (decoding, validation): not the emulator's doing. */
export class CliSideError extends Error {}

export interface Exchange {
  method: string;
  path: string;
  body?: unknown;
  status: number;
}

export class CliClient {
  /** Every request of this session, in order. */
  readonly log: Exchange[] = [];

  /** `apiUrl` as the CLI normalizes it: without a trailing `/v2`. */
  constructor(
    private readonly apiUrl: string,
    private readonly token: string,
  ) {}

  /** One request; the parsed answer, or an ApiRefusal for a status >= 400. */
  async request(method: string, path: string, body?: unknown): Promise<unknown> {
    const headers: Record<string, string> = { accept: "application/json", authorization: `Bearer ${this.token}` };
    if (body !== undefined || method !== "GET") headers["content-type"] = "application/json";
    const res = await fetch(`${this.apiUrl}${path}`, {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    const text = await res.text();
    const parsed: unknown = text.trim() === "" ? undefined : JSON.parse(text);
    this.log.push({ method, path, ...(body === undefined ? {} : { body }), status: res.status });
    if (res.status >= 400) throw new ApiRefusal(method, path, res.status, parsed);
    return parsed;
  }

  /** A request whose answer the CLI decodes into a slice (`[]map[string]interface{}`): it must be an array. */
  async list(path: string): Promise<Obj[]> {
    const answer = await this.request("GET", path);
    if (answer === undefined) return [];
    if (!Array.isArray(answer))
      throw new CliSideError(`GET ${path}: the CLI decodes a JSON array, got ${typeof answer}`);
    return answer as Obj[];
  }

  /** A request whose answer the CLI decodes into a map. */
  async object(method: string, path: string, body?: unknown): Promise<Obj> {
    const answer = await this.request(method, path, body);
    if (answer !== undefined && (typeof answer !== "object" || answer === null || Array.isArray(answer))) {
      throw new CliSideError(`${method} ${path}: the CLI decodes a JSON object`);
    }
    return (answer ?? {}) as Obj;
  }
}
