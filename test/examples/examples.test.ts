// Runs every program in examples/ against the mock, as `node` would run it once compiled, and
// checks what it printed: each ends well, without an error, having printed, and prints what
// ./prints.ts expects of it where it says; examples/ is type-checked with test/ (tsc -p test), so
// an example that calls a method the table no longer has fails there, and here too.
import { readdirSync, readFileSync } from "node:fs";
import { afterAll, afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { API_KEY_ENV, BASE_URL_ENV, LOG_ENV } from "../../generated/identity.js";
import { operations } from "../../generated/operations.js";
import { mockServer } from "../../scripts/lib/mock/proxy.mjs";
import { PRINTS } from "./prints.js";

// the examples import the package by its name, as a user's code does: vitest.config.ts points the
// name (package.json's) at src/

const dir = new URL("../../examples/", import.meta.url);
const EXAMPLES = readdirSync(dir)
  .filter((file) => file.endsWith(".ts"))
  .sort();
const source = (file: string) => readFileSync(new URL(file, dir), "utf8");

/** The operation of the table that a per-attempt log line is about (`GET /org/limits -> 200`). */
function operationOf(line: string): string | undefined {
  const [, method, path] = /: (\S+) (\S+) -> /.exec(line) ?? [];
  return operations.find(
    (op) => op.method === method && new RegExp(`^${op.path.replace(/\{[^}]+\}/g, "[^/]+")}$`).test(path ?? ""),
  )?.name;
}

/** Runs one example as a fresh module; resolves to what it printed with console.log and console.debug. */
async function run(file: string): Promise<{ out: string[]; debug: string[]; err: string[] }> {
  const out: string[] = [];
  const debug: string[] = [];
  const err: string[] = [];
  vi.spyOn(console, "log").mockImplementation((...args) => void out.push(args.join(" ")));
  vi.spyOn(console, "debug").mockImplementation((...args) => void debug.push(args.join(" ")));
  vi.spyOn(console, "error").mockImplementation((...args) => void err.push(args.join(" ")));
  await import(/* @vite-ignore */ new URL(file, dir).href);
  return { out, debug, err };
}

const argv = process.argv;
// the mock `npm run mock` and `npm start` serve, which the examples' README points their users at:
// Prism behind the proxy that holds answers to the document, pages lists and reads forms
let mock: { url: string; serve(text: string): Promise<void>; close(): Promise<void> };
beforeAll(async () => {
  mock = await mockServer({ port: 0, say: () => {} });
  await mock.serve(readFileSync(new URL("../../generated/openapi.json", import.meta.url), "utf8"));
}, 60_000);
afterAll(async () => {
  await mock?.close();
});

beforeEach(() => {
  vi.resetModules();
  // the package's variables (generated/identity.ts); a key a basic auth scheme takes too
  vi.stubEnv(API_KEY_ENV, "example:key");
  vi.stubEnv(BASE_URL_ENV, mock.url);
  // the switch a user flips to see each attempt; the coverage check below reads these lines
  vi.stubEnv(LOG_ENV, "debug");
  // as `node example.js` with no arguments
  process.argv = [argv[0]!, "example.js"];
});
afterEach(() => {
  process.argv = argv;
  process.exitCode = undefined;
  vi.unstubAllEnvs();
  vi.restoreAllMocks();
});

describe("examples/", () => {
  it("has an example for every expectation, and an expectation for every example where ./prints.ts holds any", () => {
    expect(EXAMPLES.length).toBeGreaterThan(0);
    expect(Object.keys(PRINTS).filter((file) => !EXAMPLES.includes(file))).toEqual([]);
    // this project's table covers its examples; a team's starts empty (npm run init), and its
    // examples are held to what every example must do below until it writes theirs down
    if (Object.keys(PRINTS).length) expect(EXAMPLES).toEqual(Object.keys(PRINTS).sort());
  });

  it.each(EXAMPLES)("%s runs against the mock, ends well and prints what it promises", async (file) => {
    const { out, err } = await run(file);

    expect(err).toEqual([]);
    expect(process.exitCode ?? 0).toBe(0);
    expect(out.length).toBeGreaterThan(0);
    const expected = PRINTS[file];
    if (!expected) return;
    expect(out).toHaveLength(expected.length);
    expected.forEach((line, i) =>
      typeof line === "string" ? expect(out[i]).toBe(line) : expect(out[i]).toMatch(line),
    );
  });

  it("reach only operations of the generated table, as the requests they sent show", async () => {
    const reached = new Set<string>();
    for (const file of EXAMPLES) {
      const { out, debug } = await run(file);
      for (const line of [...debug, ...out]) {
        const name = operationOf(line);
        if (name) reached.add(name);
      }
      vi.restoreAllMocks();
      vi.resetModules();
    }

    // an operation added to openapi/ needs no example to pass npm test: writing it in the spec is
    // the whole job; what an example calls must still exist
    expect(reached.size).toBeGreaterThan(0);
    expect([...reached].filter((name) => !operations.some((op) => op.name === name))).toEqual([]);
  });

  it("call only methods the table has", () => {
    const names = new Set<string>(operations.map((op) => op.name));
    const called = EXAMPLES.flatMap((file) =>
      [...source(file).matchAll(/\bclient\.((?:\w+\.)+\w+)\(/g)].map((m) => m[1]!),
    );

    expect(called.length).toBeGreaterThan(0);
    expect(called.filter((name) => !names.has(name))).toEqual([]);
  });

  it("open the README: its first 40 lines make a client and call one of its methods", () => {
    const top = readFileSync(new URL("../../README.md", import.meta.url), "utf8")
      .split("\n")
      .slice(0, 40)
      .join("\n");

    expect(top).toMatch(/createClient\(/);
    expect(top).toMatch(/await client\.(\w+\.)+\w+\(/);
  });
});
