// Runs every program in examples/ against the mock, as `node` would run it once compiled, and
// checks what it printed; examples/ is type-checked with test/ (tsc -p test), so an example that
// calls a method the table no longer has fails there, and here too.
import { readdirSync, readFileSync } from "node:fs";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { operations } from "../../generated/operations.js";
import { apiBaseUrl } from "../support/contract.js";

// the examples import the package by name, as a user's code does: here the name is src/
vi.mock("browser-cloud-client", () => import("../../src/index.js"));
vi.mock("browser-cloud-client/testing", () => import("../../src/testing/index.js"));

const dir = new URL("../../examples/", import.meta.url);
const EXAMPLES = readdirSync(dir)
  .filter((file) => file.endsWith(".ts"))
  .sort();
const source = (file: string) => readFileSync(new URL(file, dir), "utf8");

/** What each example prints on stdout against the mock, which answers with the spec's examples. */
const PRINTS: Record<string, (string | RegExp)[]> = {
  "retrieve-limits.ts": ["at most 50 browsers at once; per project: 10"],
  "click-with-error-handling.ts": [
    "double-clicked at (640, 360) in brs_2x7q9kd4m1",
    "refused before sending: body.x must be >= 0",
  ],
  "delete-if-present.ts": ["deployment dep_5n1v7c2x: deleted", "auth connection conn_8f3k2m9p: deleted"],
  "custom-fetch-and-logger.ts": [
    "[client] browser-cloud-client: GET /org/limits -> 200 (attempt 1/2, … ms)",
    "[client] browser-cloud-client: DELETE /deployments/dep_5n1v7c2x -> 204 (attempt 1/2, … ms)",
    "requests sent: 2",
  ],
  "cancel-with-signal.ts": ["cancelled: UserAbortError", "within the deadline: 50 browsers at most"],
  "test-your-code.ts": ["tidy: 3 cases pass; 5 calls recorded, none sent"],
  "follow-a-stream.ts": [
    "state: building (event 1)",
    "log: Installing dependencies",
    "state: running (event 3)",
    "stopped following after event 3",
  ],
};

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
beforeEach(() => {
  vi.resetModules();
  vi.stubEnv("BROWSER_CLOUD_API_KEY", "example-key");
  vi.stubEnv("BROWSER_CLOUD_BASE_URL", apiBaseUrl());
  // the switch a user flips to see each attempt; the coverage check below reads these lines
  vi.stubEnv("BROWSER_CLOUD_LOG", "debug");
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
  it("has an expectation for every example and an example for every expectation", () => {
    expect(EXAMPLES).toEqual(Object.keys(PRINTS).sort());
  });

  it.each(EXAMPLES)("%s runs against the mock and prints what it promises", async (file) => {
    const { out, err } = await run(file);

    expect(err).toEqual([]);
    expect(process.exitCode ?? 0).toBe(0);
    expect(out).toHaveLength(PRINTS[file]!.length);
    PRINTS[file]!.forEach((expected, i) =>
      typeof expected === "string" ? expect(out[i]).toBe(expected) : expect(out[i]).toMatch(expected),
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
});
