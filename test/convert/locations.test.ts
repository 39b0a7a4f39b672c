/**
 * Where the converter's diagnostics point: at the line and column of the futrou.json value each is about (as
 * the engine prints it, `futrou.json:7,7-7: …`), at the whole file when it is about the file, and, for a
 * futrou.js config, whose values have no place in the file, at the file alone.
 */
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { toProto } from "../../provider/adapters/convert/server";
import { convertProgram } from "../../provider/convert";
import { jsonPositions } from "../../provider/convert/source";

const NO_API = { PATH: process.env.PATH } as NodeJS.ProcessEnv;

const CONFIG = `{
  "project": "shop",
  "serverlets": [
    {
      "name": "web",
      "image": "nginx:1.27",
      "region": "eu-west"
    }
  ],
  "dns": [
    {
      "domain": "shop.example",
      "ttl": 3600,
      "records": [
        { "name": "www", "type": "CNAME", "value": "web.example", "weight": 5 }
      ]
    }
  ]
}
`;

let dir: string;
beforeAll(() => {
  dir = mkdtempSync(join(tmpdir(), "convert-locations-"));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

/** Converts a folder holding `files`; the warnings as `<file>:<line>,<column>: <summary>`. */
async function warnings(name: string, files: Record<string, string>): Promise<string[]> {
  const source = join(dir, name);
  mkdirSync(source);
  for (const [file, text] of Object.entries(files)) writeFileSync(join(source, file), text);
  const { diagnostics } = await convertProgram(source, join(source, "out"), NO_API);
  return diagnostics.map(
    (d) => `${d.file}:${d.line ?? "-"},${d.column ?? "-"}: ${d.summary.replace(/: (not mapped|no object).*$/, "")}`,
  );
}

test("a warning about one value of futrou.json points at that value's key", async () => {
  expect(await warnings("json", { "futrou.json": CONFIG })).toEqual([
    // About the whole run, not one value: the file alone.
    "futrou.json:-,-: FUTROU_API_TOKEN is not set",
    'futrou.json:7,7: serverlet web: region = "eu-west"',
    "futrou.json:13,7: dnsZone shop.example: ttl = 3600",
    "futrou.json:15,67: dnsRecord shop.example / www CNAME: weight = 5",
  ]);
});

test("the engine is told the line and column, and line 1 for a diagnostic about the whole file", () => {
  const range = (line?: number, column?: number) => {
    const subject = toProto({ severity: "warning", summary: "s", file: "futrou.json", line, column }).getSubject();
    return [subject?.getFilename(), subject?.getStart()?.getLine(), subject?.getStart()?.getColumn()];
  };
  expect(range(13, 7)).toEqual(["futrou.json", 13, 7]);
  expect(range()).toEqual(["futrou.json", 1, 1]);
  expect(toProto({ severity: "error", summary: "no config" }).getSubject()).toBeUndefined();
});

test("a futrou.js config has no positions to point at: its warnings name the file alone", async () => {
  const js = `module.exports = ${CONFIG.trim()};\n`;
  expect(await warnings("js", { "futrou.js": js })).toEqual([
    "futrou.js:-,-: FUTROU_API_TOKEN is not set",
    'futrou.js:-,-: serverlet web: region = "eu-west"',
    "futrou.js:-,-: dnsZone shop.example: ttl = 3600",
    "futrou.js:-,-: dnsRecord shop.example / www CNAME: weight = 5",
  ]);
});

test("positions follow strings with escapes and brackets, nested lists and one-line objects", () => {
  const text = '{"a": "x\\"]}", "b": [1, {"c": [true, null]}],\n  "d": {}}';
  const at = (...path: (string | number)[]) => jsonPositions(text).get(JSON.stringify(path));
  expect(at("a")).toEqual({ line: 1, column: 2 });
  expect(at("b")).toEqual({ line: 1, column: 16 });
  expect(at("b", 1, "c")).toEqual({ line: 1, column: 26 });
  expect(at("b", 1, "c", 1)).toEqual({ line: 1, column: 38 });
  expect(at("d")).toEqual({ line: 2, column: 3 });
});
