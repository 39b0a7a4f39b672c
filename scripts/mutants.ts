/**
 * `make mutants`: do the guarantee tests fail when the guarantee breaks? Each mutant below is a small
 * patch that breaks one promise of the README (design notes) or of a test's title, and names the test
 * that claims that promise. For each: the patch is applied to a temporary copy of the tree (this tree is
 * never touched, so Ctrl-C or a crash cannot leave it modified), the named test runs there, and the mutant
 * is "killed" when that test fails, "survived" when it passes. A patch matches one small snippet that must
 * occur exactly once in its file: when the code moved, the mutant is reported as "does not apply" instead
 * of silently testing nothing. First the named tests run unpatched: they must pass, or a kill means nothing.
 *
 *   make mutants                                  # all of them
 *   make mutants MUTANTS="normalize-dns-record"  # some, by name
 *
 * Exit status 0 only when every mutant was killed.
 */
import { spawn } from "node:child_process";
import { cpSync, mkdirSync, mkdtempSync, readFileSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { repoRoot } from "./program-dir";

export interface Mutant {
  name: string;
  /** The promise the patch breaks, as a user would notice it. */
  breaks: string;
  file: string;
  /** A small, stable snippet of the file, found exactly once; it is replaced by `to`. */
  from: string;
  to: string;
  /** The test that claims the promise: its file and its title (without its describe's). */
  test: { file: string; title: string };
}

const PROTOCOL = "test/faults/create-protocol.test.ts";
const REDIRECTS = "test/client/redirects.test.ts";
const REDIRECT_TITLE =
  "PATCH fails once, naming the status, the request and the Location; nothing is sent to the Location";
const JOURNAL_KEY = "test/faults/journal-key.test.ts";
const FROM_CREATE = "test/provider/from-create.test.ts";
const FROM_CREATE_TITLE =
  "create: the create answer's token, sealed; in the state only as a secret, never in the inputs or the module";
const JOURNAL_KEY_TITLE =
  "the key file is made once, mode 0600, beside the journal; no plain SHA-256 of a secret is on disk";

export const MUTANTS: Mutant[] = [
  {
    name: "normalize-dns-record",
    breaks: "normalize() reads a DNS record's name in FQDN form (a trailing dot), unlike the program's",
    file: "provider/normal.ts",
    from: "dnsRecord: (o) => (o.priority === null",
    to: "dnsRecord: (o) => (o.name !== undefined ? { ...o, name: String(o.name).concat('.') } : o.priority === null",
    test: {
      file: "test/faults/create-soak.test.ts",
      title: "240 faulted creates: no orphan, no duplicate, no wrong adoption, nothing lost",
    },
  },
  {
    name: "madeby-never-adopts-known-id",
    breaks: "madeBy() never adopts a journal entry that knows its object's id (a kill during the readiness wait)",
    file: "provider/create.ts",
    from: "if (entry.id !== undefined) {",
    to: "if (entry.id !== undefined) {\n      return undefined;",
    test: {
      file: PROTOCOL,
      title: "killed during the readiness wait: the entry has the id; the rerun adopts by id with one GET, no POST",
    },
  },
  {
    name: "madeby-known-id-by-lookup",
    breaks: "madeBy() looks an id-known entry up by its lookup values instead of GETting the id",
    file: "provider/create.ts",
    from: "if (entry.id !== undefined) {",
    to: "if (entry.id !== undefined && entry.id === '') {",
    test: {
      file: PROTOCOL,
      title: "killed during the readiness wait: the entry has the id; the rerun adopts by id with one GET, no POST",
    },
  },
  {
    name: "scrub-skips-stack",
    breaks: "an error's stack keeps the secret values its message lost",
    file: "provider/secrets.ts",
    from: 'if (typeof error.stack === "string") error.stack = this.redact(error.stack);',
    to: "",
    test: {
      file: "test/provider/secrets-provider.test.ts",
      title: "errors are scrubbed in place: message, stack and init reasons",
    },
  },
  {
    name: "journal-not-written-before-post",
    breaks:
      "the create journal's entry is not written before the POST: a kill or a lost answer leaves nothing to adopt",
    file: "provider/create.ts",
    from: "  await journal.write(entry);\n",
    to: "",
    test: {
      file: PROTOCOL,
      title:
        "a recovery lookup that fails is 'unknown', not 'failed': the entry is kept, the next run adopts without a POST",
    },
  },
  {
    name: "delete-404-is-error",
    breaks: "a DELETE answered 404 (already gone, or a retried DELETE that had worked) is an error, not done",
    file: "provider/api/client.ts",
    from: "if (e instanceof FutrouApiError && e.status === 404) return false;",
    to: "",
    test: { file: "test/client/http.test.ts", title: "404: find() is undefined, delete() is false, get() throws" },
  },
  {
    name: "record-reposted-after-ambiguous",
    breaks:
      "a record (no unique field) is POSTed again after an ambiguous failure found nothing: a late first write makes a twin",
    file: "provider/create.ts",
    from: "if (recovered === undefined && !spec.unique) throw new NotResent(spec.typeName);",
    to: "",
    test: {
      file: PROTOCOL,
      title:
        "records: a lost answer and nothing listed yet is not re-sent (no twin); the next run adopts the late write",
    },
  },
  {
    name: "pre-existing-taken-as-new",
    breaks: "after a lost answer, an object that existed before the POST counts as a new candidate",
    file: "provider/create.ts",
    from: "!before.includes(idOf(o)) && ",
    to: "",
    test: { file: PROTOCOL, title: "records: an identical pre-existing record is not ours; the new one is" },
  },
  {
    name: "several-new-takes-first",
    breaks: "two new look-alikes after a lost answer: the first is taken instead of an error naming both",
    file: "provider/create.ts",
    from: "if (found.length > 1) throw new AmbiguousMatchError(what, found.map(idOf));",
    to: "",
    test: { file: PROTOCOL, title: "two new look-alikes after a lost answer: none is taken, the error names both" },
  },
  {
    name: "journal-holds-secret-lookup",
    breaks: "a secret lookup value is written to the create journal in plain text",
    file: "provider/create.ts",
    from: "secrets.digested(match),",
    to: "match,",
    test: {
      file: PROTOCOL,
      title: "a secret name is in no message and, written to disk, only as a digest; the rerun still adopts",
    },
  },
  {
    name: "unreadable-2xx-id-ignored",
    breaks: "a 2xx whose body is not the model loses its id: the object is looked for by its values, not read by id",
    file: "provider/create.ts",
    from: "if (error.id !== undefined) {",
    to: "if (error.id !== undefined && error.id === '') {",
    test: { file: PROTOCOL, title: "a 2xx whose body is not the model keeps its id (read again by GET)" },
  },
  {
    name: "post-resent-after-reset",
    breaks: "a POST whose connection broke after it was sent is re-sent blindly instead of looked up",
    file: "provider/api/retry.ts",
    from: "if (!safe && !error.notSent) return recover(reason);",
    to: "",
    test: {
      file: "test/client/retry.test.ts",
      title: "network errors: safe methods retry; a POST recovers unless the request was never sent",
    },
  },
  {
    name: "token-echo-kept",
    breaks: "an answer that echoes the API token puts it into the error the user sees",
    file: "provider/api/client.ts",
    from: 'let out = text.split(this.#s.token).join("[redacted]");',
    to: "return text;\n    let out = text;",
    test: {
      file: "test/client/http.test.ts",
      title: "not in a 401 that echoes the Authorization header, nor any other error",
    },
  },
  {
    name: "create-answer-id-unseen",
    breaks: "a create's answer naming an object this run had seen before the POST enters the state",
    file: "provider/create.ts",
    from: "...(seenBefore.has(idOf(answer))",
    to: "...(false && seenBefore.has(idOf(answer))",
    test: {
      file: PROTOCOL,
      title: "an answer naming an object seen before, with the values sent: refused for its id alone",
    },
  },
  {
    name: "create-answer-unique-field",
    breaks: "a create's answer with another name (domain, key, record values) than the one sent enters the state",
    file: "provider/create.ts",
    from: ".filter((f) => normal[f] !== undefined && !same(normal[f], body[f]))",
    to: ".filter(() => false)",
    test: {
      file: PROTOCOL,
      title: "an answer naming an object never seen, with another name: refused for its name alone",
    },
  },
  {
    name: "adopt-without-createdat-proof",
    breaks: "a look-alike no (lagging) listing showed before the POST is adopted as our late create without proof",
    file: "provider/create.ts",
    from: "return since !== undefined && !Number.isNaN(at) && at >= since - CREATED_SKEW_MS;",
    to: "return true;",
    test: {
      file: PROTOCOL,
      title: "a pre-existing project that 2 lagging listings did not show is never taken as our late create",
    },
  },
  {
    name: "journal-adopts-without-proof",
    breaks: "a rerun adopts from the journal a look-alike older than the interrupted run's first POST",
    file: "provider/create.ts",
    from: "return newOne(entry.before, entry.apiAt === undefined ? undefined : Date.parse(entry.apiAt));",
    to: "return newOne(entry.before, 0);",
    test: {
      file: PROTOCOL,
      title: "a rerun never adopts from the journal a look-alike created before the first POST",
    },
  },
  {
    name: "update-skips-id-check",
    breaks: "an update answered with another object (that reads back the fields written) enters the state",
    file: "provider/kit/update.ts",
    from: "const other = rt.notAsked(id, answer).length > 0;",
    to: "const other = false;",
    test: {
      file: PROTOCOL,
      title: "a PATCH answered with another object: the update fails naming it; nothing is taken",
    },
  },
  {
    name: "update-believes-empty-answer",
    breaks: "an update answered 204 with nothing applied is taken as applied (a lost update)",
    file: "provider/kit/update.ts",
    from: "if (answer === undefined) answer = (await rt.client().get(path, spec.model)) as Props;",
    to: "if (answer === undefined) answer = {};",
    test: {
      file: PROTOCOL,
      title: "an empty answer is read back once: applied, it is taken; lost, the update fails",
    },
  },
  {
    name: "post-keeps-no-room-for-lookup",
    breaks: "a hanging POST spends the whole deadline, so the recovery lookup is never sent",
    file: "provider/api/deadline.ts",
    from: "return { ...deadline, at: deadline.at - recoveryReserveMs(deadline.ms) };",
    to: "return deadline;",
    test: {
      file: PROTOCOL,
      title: "a POST that hangs leaves room in the deadline for the lookup, and the message says what it found",
    },
  },
  {
    name: "redirect-counted-as-success",
    breaks: "a 3xx answer (a PATCH or DELETE redirected elsewhere) is taken for success: a lost update, orphans",
    file: "provider/api/client.ts",
    from: "if (res.statusCode < 200 || res.statusCode >= 300) {",
    to: "if (res.statusCode >= 400) {",
    test: { file: REDIRECTS, title: REDIRECT_TITLE },
  },
  {
    name: "redirect-retried",
    breaks: "a 3xx is re-sent as if the API had been busy",
    file: "provider/api/retry.ts",
    from: 'if (!policy.statusCodes.includes(error.status)) return { action: "fail" };',
    to: 'if (!policy.statusCodes.includes(error.status) && error.status >= 400) return { action: "fail" };',
    test: { file: REDIRECTS, title: REDIRECT_TITLE },
  },
  {
    name: "journal-plain-secret-digest",
    breaks: "the journal writes a secret name's plain SHA-256, which confirms a guess offline",
    file: "provider/journal.ts",
    from: "const DIGEST = /^sha256:([0-9a-f]{64})$/;",
    to: "const DIGEST = /^never a digest:(x)$/;",
    test: { file: JOURNAL_KEY, title: JOURNAL_KEY_TITLE },
  },
  {
    name: "journal-unkeyed-fields",
    breaks:
      "the journal's field hashes are plain salted SHA-256 beside their salt: a secret value's guess is confirmed",
    file: "provider/journal.ts",
    from: "const hash = salt.startsWith(KEYED_SALT)",
    to: 'const hash = salt.startsWith("never")',
    test: { file: JOURNAL_KEY, title: JOURNAL_KEY_TITLE },
  },
  {
    name: "record-value-unbounded",
    breaks: "a 100 KB TXT value passes preview and fails at the API",
    file: "provider/kinds/dnsRecord/fields.ts",
    from: ".max(DNS_RECORD_VALUE_MAX,",
    to: ".max(Number.MAX_SAFE_INTEGER,",
    test: { file: "test/provider/check.test.ts", title: "a 100 KB TXT value → value" },
  },
  {
    name: "volume-fraction-taken",
    breaks: "a volume of 1.5 GB passes preview",
    file: "provider/kinds/volume/fields.ts",
    from: '.int("must be a whole number of GB")',
    to: "",
    test: { file: "test/provider/check.test.ts", title: "a volume of 1.5 GB → sizeGb" },
  },
  {
    name: "guard-decides-on-incomplete-listing",
    breaks: "a zone whose records cannot be listed completely is deleted as if it were empty",
    file: "provider/kit/delete.ts",
    from: "if (error instanceof IncompleteListingError) {",
    to: "if (error instanceof IncompleteListingError) {\n      return;",
    test: {
      file: "test/faults/endless-listing.test.ts",
      title:
        "a zone whose records listing never ends is not deleted: the step fails after 2 list requests, saying how far it got",
    },
  },
  {
    name: "listing-without-progress-bound",
    breaks: "a listing that serves page 1 for every page is followed for thousands of requests",
    file: "provider/api/paging.ts",
    from: "if (this.pages > 1 && page.items.length > 0 && fresh.length === 0)",
    to: "if (this.pages < 0)",
    test: {
      file: "test/client/paging.test.ts",
      title: "page 1 served for every page asked, a million announced: stopped at page 2, after 2 requests",
    },
  },
  {
    name: "failed-create-state-without-provider",
    breaks: "a serverlet updated after a failed deploy is recorded without the module the dynamic host loads",
    file: "provider/kit/guard.ts",
    from: "secrets.sealed(recordable(error.properties, inputs), seal)",
    to: "secrets.sealed(error.properties, seal)",
    test: {
      file: "test/provider/serverlet-readiness.test.ts",
      title:
        "a failed deploy updated again without a fix: what the engine records still loads the provider and deletes",
    },
  },
  {
    name: "from-create-not-kept",
    breaks: "a token's bearer value in the state is replaced by whatever a later answer says (a masked one)",
    file: "provider/kit/runtime.ts",
    from: "const kept = this.fromCreate.has(k) ? previous[k] : undefined;",
    to: "const kept = undefined;",
    test: {
      file: FROM_CREATE,
      title: "a refresh whose answers carry a masked token keeps the one from the create",
    },
  },
  {
    name: "from-create-no-output",
    breaks: "a token's bearer value from the create answer never reaches the state",
    file: "provider/spec.ts",
    from: "    ...spec.fromCreate,\n",
    to: "",
    test: { file: FROM_CREATE, title: FROM_CREATE_TITLE },
  },
  {
    name: "from-create-plain-in-dynamic",
    breaks: "a token's bearer value is stored unsealed by the dynamic-provider host (no input of its name marks it)",
    file: "provider/secrets.ts",
    from: ".filter((k) => !this.#outputOnly.has(k))",
    to: "",
    test: { file: FROM_CREATE, title: FROM_CREATE_TITLE },
  },
];

type Verdict = "killed" | "survived" | "does not apply" | "did not run";

interface JestSummary {
  numPassedTests: number;
  numFailedTests: number;
  testResults: Array<{
    message?: string;
    assertionResults: Array<{ fullName: string; status: string; failureMessages?: string[] }>;
  }>;
}

const escapeRegExp = (s: string): string => s.replace(/[.*+?^${}()|[\]\\]/g, "\\$&");

/** The tracked and untracked (not ignored) files of the tree, as they are now: what the copy holds. */
async function treeFiles(): Promise<string[]> {
  const out = await run("git", ["ls-files", "-z", "--cached", "--others", "--exclude-standard"], repoRoot);
  return out.stdout.split("\0").filter((f) => f !== "" && !f.startsWith("node_modules/") && !f.startsWith("dist/"));
}

let child: ReturnType<typeof spawn> | undefined;

function run(cmd: string, args: string[], cwd: string): Promise<{ code: number; stdout: string; stderr: string }> {
  return new Promise((resolve, reject) => {
    const p = spawn(cmd, args, { cwd, env: { ...process.env, FUTROU_TEST_REPORT: "" } });
    child = p;
    let stdout = "";
    let stderr = "";
    p.stdout.on("data", (d: Buffer) => {
      stdout += d.toString();
    });
    p.stderr.on("data", (d: Buffer) => {
      stderr += d.toString();
    });
    p.on("error", reject);
    p.on("close", (code) => {
      child = undefined;
      resolve({ code: code ?? 1, stdout, stderr });
    });
  });
}

/** Runs jest in the copy on the given tests; the JSON summary of what ran. */
async function jest(copy: string, tests: Mutant["test"][]): Promise<JestSummary> {
  const files = [...new Set(tests.map((t) => t.file))];
  const titles = [...new Set(tests.map((t) => escapeRegExp(t.title)))];
  const output = join(copy, ".mutants-result.json");
  rmSync(output, { force: true });
  const bin = require.resolve("jest/bin/jest", { paths: [repoRoot] });
  const args = [bin, "--ci", "--json", `--outputFile=${output}`, "-t", titles.join("|"), ...files];
  const result = await run(process.execPath, args, copy);
  try {
    return JSON.parse(readFileSync(output, "utf8")) as JestSummary;
  } catch {
    throw new Error(`jest did not report (exit ${result.code}): ${result.stderr.split("\n").slice(-20).join("\n")}`);
  }
}

/** The first line of the first failed assertion: what the test saw (kept short). */
const firstFailure = (s: JestSummary): string =>
  (
    s.testResults
      .flatMap((r) => r.assertionResults.flatMap((a) => a.failureMessages ?? []))
      .join("\n")
      .split("\n")
      .find((l) => l.trim() !== "")
      ?.trim() ?? ""
  ).slice(0, 160);

/** The first line of why a suite failed to run (e.g. the patch broke the syntax). */
const suiteError = (s: JestSummary): string =>
  s.testResults
    .map((r) => r.message ?? "")
    .find((m) => m.trim() !== "")
    ?.trim()
    .split("\n")[0] ?? "no test matched the title";

async function main(): Promise<number> {
  const wanted = process.argv.slice(2).flatMap((a) => a.split(/[\s,]+/).filter(Boolean));
  const unknown = wanted.filter((w) => !MUTANTS.some((m) => m.name === w));
  if (unknown.length > 0) {
    console.error(`mutants: no mutant named ${unknown.join(", ")} (known: ${MUTANTS.map((m) => m.name).join(", ")})`);
    return 2;
  }
  const mutants = wanted.length > 0 ? MUTANTS.filter((m) => wanted.includes(m.name)) : MUTANTS;
  const started = Date.now();
  const copy = mkdtempSync(join(tmpdir(), "futrou-mutants-"));
  const cleanup = () => rmSync(copy, { recursive: true, force: true });
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"] as const) {
    process.on(signal, () => {
      if (child?.pid) child.kill("SIGTERM");
      cleanup();
      console.error(`\nmutants: stopped by ${signal}; the tree was never modified, the copy is removed`);
      process.exit(130);
    });
  }
  try {
    for (const f of await treeFiles()) {
      mkdirSync(dirname(join(copy, f)), { recursive: true });
      cpSync(join(repoRoot, f), join(copy, f));
    }
    symlinkSync(join(repoRoot, "node_modules"), join(copy, "node_modules"), "dir");
    console.log(`mutants: ${mutants.length} mutants, in a copy of the tree at ${copy}`);

    // The named tests must pass as the code is now, or a failing test kills nothing.
    const baseline = await jest(
      copy,
      mutants.map((m) => m.test),
    );
    if (baseline.numFailedTests > 0 || baseline.numPassedTests === 0) {
      const failed = baseline.testResults.flatMap((r) => r.assertionResults.filter((a) => a.status === "failed"));
      console.error(
        `mutants: the named tests do not pass unpatched (${failed.map((a) => a.fullName).join("; ") || suiteError(baseline)}): fix them first`,
      );
      for (const a of failed) console.error(`\n${a.fullName}:\n${(a.failureMessages ?? []).join("\n").slice(0, 2000)}`);
      return 2;
    }
    console.log(`baseline: ${baseline.numPassedTests} named tests pass unpatched (${seconds(started)} s)`);

    const results: Array<{ mutant: Mutant; verdict: Verdict; seconds: number; detail: string }> = [];
    for (const mutant of mutants) {
      const at = Date.now();
      const path = join(copy, mutant.file);
      const original = readFileSync(path, "utf8");
      const found = original.split(mutant.from).length - 1;
      let verdict: Verdict;
      let detail = `${mutant.test.file} › ${mutant.test.title}`;
      if (found !== 1) {
        verdict = "does not apply";
        detail = `its snippet is found ${found} times in ${mutant.file}, not once: update the mutant (${JSON.stringify(mutant.from)})`;
      } else {
        writeFileSync(
          path,
          original.replace(mutant.from, () => mutant.to),
        );
        try {
          const summary = await jest(copy, [mutant.test]);
          if (summary.numFailedTests > 0) {
            verdict = "killed";
            detail = `${detail}: ${firstFailure(summary)}`;
          } else if (summary.numPassedTests > 0) verdict = "survived";
          else {
            verdict = "did not run";
            detail = `${detail}: ${suiteError(summary)}`;
          }
        } finally {
          writeFileSync(path, original);
        }
      }
      results.push({ mutant, verdict, seconds: seconds(at), detail });
      console.log(`${verdict.padEnd(15)} ${mutant.name.padEnd(32)} ${String(seconds(at)).padStart(5)} s  ${detail}`);
      if (verdict !== "killed") console.log(`${"".padEnd(16)}breaks: ${mutant.breaks}`);
    }
    const count = (v: Verdict) => results.filter((r) => r.verdict === v).length;
    const killed = count("killed");
    console.log(
      `mutants: ${killed} of ${results.length} killed, ${count("survived")} survived, ` +
        `${count("does not apply")} did not apply, ${count("did not run")} did not run; ${seconds(started)} s in all`,
    );
    return killed === results.length ? 0 : 1;
  } finally {
    cleanup();
  }
}

const seconds = (since: number): number => Math.round((Date.now() - since) / 100) / 10;

if (require.main === module) {
  main().then(
    (code) => {
      process.exitCode = code;
    },
    (error: unknown) => {
      console.error(`mutants: ${error instanceof Error ? error.message : String(error)}`);
      process.exitCode = 2;
    },
  );
}
