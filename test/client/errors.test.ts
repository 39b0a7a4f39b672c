/** What users read when the API says no: one line with status, every field error, requestId and request. */
import { FutrouApiError, FutrouNetworkError } from "../../provider/api/errors";
import { errorBody } from "./fixture";

test("a validation error prints every field error, the requestId and the request on one line", () => {
  const body = errorBody("Validation failed", [
    { field: "name", code: "VALIDATION_ERROR", message: "already in use" },
    { field: "ttl", code: "VALIDATION_ERROR", message: "must be from 60 to 86400" },
  ]);
  const e = new FutrouApiError({ status: 400, method: "POST", path: "/projects", body: JSON.stringify(body) });
  expect(e.message).toBe(
    "400 Bad Request — Validation failed: name: already in use (VALIDATION_ERROR); ttl: must be from 60 to 86400 (VALIDATION_ERROR) " +
      "[requestId 6f1c2a9e-0d4b-4a8e-9b1f-3c5d7e9f1a2b] (POST /projects)",
  );
  expect(String(e)).toMatch(/^FutrouApiError: 400 Bad Request — /);
  expect(e.message).not.toContain("\n");
  expect(e).toMatchObject({
    status: 400,
    statusText: "Bad Request",
    code: "VALIDATION_ERROR",
    requestId: "6f1c2a9e-0d4b-4a8e-9b1f-3c5d7e9f1a2b",
    method: "POST",
    path: "/projects",
    serverMessage: "Validation failed",
  });
  expect(e.fieldErrors).toHaveLength(2);
  expect(e.fieldError("ttl")?.message).toBe("must be from 60 to 86400");
});

test("without field errors the server's message is shown", () => {
  const e = new FutrouApiError({
    status: 404,
    method: "GET",
    path: "/projects/p1",
    body: JSON.stringify(errorBody("Project not found")),
  });
  expect(e.message).toBe(
    "404 Not Found — Project not found [requestId 6f1c2a9e-0d4b-4a8e-9b1f-3c5d7e9f1a2b] (GET /projects/p1)",
  );
  expect(e.code).toBeUndefined();
});

test("a field error without a field shows message and code", () => {
  const body = errorBody("Quota", [{ code: "LIMIT_EXCEEDED", message: "projects limit of 3 reached" }]);
  const e = new FutrouApiError({ status: 400, method: "POST", path: "/projects", body: JSON.stringify(body) });
  expect(e.message).toContain("— Quota: projects limit of 3 reached (LIMIT_EXCEEDED) [requestId");
  expect(e.code).toBe("LIMIT_EXCEEDED");
});

test("a message that only repeats its field errors is not shown twice", () => {
  const body = errorBody("Invalid request: name: already in use", [
    { field: "name", code: "VALIDATION_ERROR", message: "already in use" },
  ]);
  const e = new FutrouApiError({ status: 400, method: "POST", path: "/projects", body: JSON.stringify(body) });
  expect(e.message).toContain("— name: already in use (VALIDATION_ERROR) [requestId");
});

test("bodies as the CLI's mocks show them: no requestId, field errors without code, no message", () => {
  const bare = new FutrouApiError({ status: 404, method: "GET", path: "/dns/z1", body: '{"message":"not found"}' });
  expect(bare.message).toBe("404 Not Found — not found (GET /dns/z1)");
  expect(bare.requestId).toBeUndefined();
  const noCode = new FutrouApiError({
    status: 400,
    method: "POST",
    path: "/dns",
    body: JSON.stringify({
      message: "Invalid",
      errors: [{ field: "domain", message: "is taken" }, { message: "try again" }],
    }),
  });
  expect(noCode.message).toBe("400 Bad Request — Invalid: domain: is taken; try again (POST /dns)");
  expect(noCode.fieldError("domain")).toEqual({ field: "domain", message: "is taken" });
  const onlyFields = new FutrouApiError({
    status: 400,
    method: "POST",
    path: "/dns",
    body: JSON.stringify({ errors: [{ field: "domain", message: "is taken", code: "VALIDATION_ERROR" }] }),
  });
  expect(onlyFields.message).toBe("400 Bad Request — domain: is taken (VALIDATION_ERROR) (POST /dns)");
});

test("a non-JSON body (a proxy's HTML page) becomes one short line", () => {
  const html = `<html><head><title>502 Bad Gateway</title></head>\n<body><h1>Bad Gateway</h1>${"x".repeat(500)}</body></html>`;
  const e = new FutrouApiError({ status: 502, method: "GET", path: "/dns", body: html });
  expect(e.message).toMatch(/^502 Bad Gateway — 502 Bad Gateway Bad Gateway x+…\s\(GET \/dns\)$/);
  expect(e.message.length).toBeLessThan(260);
  expect(e.requestId).toBeUndefined();
  expect(e.fieldErrors).toEqual([]);
});

test("JSON that is not the contract's shape keeps what it can; an empty body shows the status", () => {
  const odd = new FutrouApiError({
    status: 500,
    method: "GET",
    path: "/x",
    body: '{"message":"boom","requestId":"r1"}',
  });
  expect(odd.message).toBe("500 Internal Server Error — boom [requestId r1] (GET /x)");
  const empty = new FutrouApiError({ status: 503, statusText: "", method: "DELETE", path: "/x", body: "" });
  expect(empty.message).toBe("503 Service Unavailable (DELETE /x)");
});

test("network errors say what failed and where", () => {
  const e = new FutrouNetworkError({ method: "POST", path: "/crons", failure: "timeout", timeoutMs: 500 });
  expect(e.message).toBe("network error: no response within 500 ms (POST /crons)");
  expect(e.notSent).toBe(false);
  const refused = new FutrouNetworkError({
    method: "GET",
    path: "/crons",
    failure: "refused",
    code: "ECONNREFUSED",
    detail: "connect ECONNREFUSED 127.0.0.1:9",
  });
  expect(refused.message).toBe("network error: connect ECONNREFUSED 127.0.0.1:9 (ECONNREFUSED) (GET /crons)");
  expect(refused.notSent).toBe(true);
});
