import { cpSync, mkdirSync, mkdtempSync, rmSync, symlinkSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { pathToFileURL } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { freePort, startMock } from "../../../scripts/lib/mock/prism.mjs";
import { fixtureConfig } from "../../../scripts/lib/shared/repo-copy.mjs";
import { SOURCE } from "../../../scripts/synthetic-spec.mjs";
import { fixtureSpec } from "../../support/fixture-spec.js";
import { goneFromPort, killOnPort, printed, processesOnPort, start, stop, WAIT_MS, type Child } from "../helpers.js";

const root = resolve(import.meta.dirname, "../../..");

// how the process that called startMock() ends, once Prism listens: SIGKILL, or what it does on SIGUSR2
const ENDINGS = [
  { how: "killed with SIGKILL", signal: "SIGKILL" as const, onSignal: "", code: null },
  { how: "exiting without stop()", signal: "SIGUSR2" as const, onSignal: "process.exit(0);", code: 0 },
  {
    how: "ended by an uncaught exception",
    signal: "SIGUSR2" as const,
    onSignal: `throw new Error("injected failure");`,
    code: 1,
  },
];

/** The pipeline in `dir` with this project's first document (a fixture) as its openapi/, whatever openapi/ holds here. */
function fixtureCheckout(dir: string): void {
  for (const entry of ["scripts", "src", "lint"]) cpSync(join(root, entry), join(dir, entry), { recursive: true });
  cpSync(SOURCE, join(dir, "openapi"), { recursive: true });
  writeFileSync(join(dir, "redocly.yaml"), fixtureConfig());
}

describe("startMock", { timeout: 2 * WAIT_MS }, () => {
  let owner: Child | undefined;
  let port: number | undefined;
  let dir: string | undefined;
  afterEach(async () => {
    await stop(owner);
    killOnPort(port);
    if (dir) rmSync(dir, { recursive: true, force: true });
    owner = port = dir = undefined;
  });

  it.each(ENDINGS)(
    "leaves no Prism behind when the process that started it is $how",
    async ({ signal, onSignal, code }) => {
      port = await freePort();
      dir = mkdtempSync(join(tmpdir(), "mock-test-"));
      const module = pathToFileURL(join(root, "scripts/lib/mock/prism.mjs")).href;
      const script = [
        `import { startMock } from ${JSON.stringify(module)};`,
        `const mock = await startMock({ port: ${port}, log: ${JSON.stringify(join(dir, "prism.log"))} });`,
        `process.on("SIGUSR2", () => { ${onSignal} });`,
        `console.log("listening " + mock.url);`,
      ].join("\n");
      owner = start(process.execPath, ["--input-type=module", "-e", script]);
      await printed(owner, "Prism listening", /^listening /m);
      expect(processesOnPort(port)).not.toEqual([]);

      owner.child.kill(signal);
      const ended = await owner.exited;

      expect(ended.code).toBe(code);
      await goneFromPort(port);
    },
  );

  it("starts Prism from a checkout whose path has a space, %20 and #, and stops it on SIGTERM", async () => {
    dir = mkdtempSync(join(tmpdir(), "a b%20c#-"));
    fixtureCheckout(dir);
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
    port = await freePort();

    owner = start(process.execPath, [join(dir, "scripts/mock.mjs"), String(port)]);
    const url = (await printed(owner, "the mock address", /^mock: Prism serves openapi\/ at (\S+) /m))[1]!;
    const response = await fetch(`${url}/org/limits`, { headers: { Authorization: "Bearer any" } });

    expect(response.status).toBe(200);
    expect(await response.json()).toHaveProperty("max_concurrent_sessions");
    owner.child.kill("SIGTERM");
    expect((await owner.exited).code).toBe(0);
    await goneFromPort(port);
  });

  it("serves openapi/ as written where generated/openapi.json is stale, never the stale bundle", async () => {
    dir = mkdtempSync(join(tmpdir(), "mock-stale-"));
    fixtureCheckout(dir);
    symlinkSync(join(root, "node_modules"), join(dir, "node_modules"));
    // the bundle a previous generate left, since changed in openapi/: its example of the limits differs
    const bundle = join(dir, "generated/openapi.json");
    mkdirSync(join(dir, "generated"));
    const stale = await fixtureSpec();
    const limits = stale.paths["/org/limits"].get.responses["200"].content["application/json"];
    const written = limits.example ?? Object.values<any>(limits.examples)[0].value;
    limits.example = { ...written, max_concurrent_sessions: written.max_concurrent_sessions + 1 };
    delete limits.examples;
    writeFileSync(bundle, JSON.stringify(stale));
    port = await freePort();

    owner = start(process.execPath, [join(dir, "scripts/mock.mjs"), String(port)]);
    const url = (await printed(owner, "the mock address", /^mock: Prism serves openapi\/ at (\S+) /m))[1]!;
    const response = await fetch(`${url}/org/limits`, { headers: { Authorization: "Bearer any" } });

    expect(response.status).toBe(200);
    expect(await response.json()).toEqual(written);
  });

  it("rejects a second Prism started on the port the first holds, reading its own log alone", async () => {
    port = await freePort();
    const starts = await Promise.allSettled([startMock({ port }), startMock({ port })]);
    try {
      // one binds the port; the other exits, and never reads the first one's readiness line
      expect(starts.map((s) => s.status).sort()).toEqual(["fulfilled", "rejected"]);
      const refused = starts.find((s) => s.status === "rejected") as PromiseRejectedResult;
      expect(refused.reason.message).toMatch(/EADDRINUSE/);
    } finally {
      for (const s of starts) if (s.status === "fulfilled") await s.value.stop();
      // the log a failed start keeps, for its reader
      for (const s of starts)
        if (s.status === "rejected") rmSync(/Its log \((.+?)\):/.exec(s.reason.message)?.[1] ?? "", { force: true });
    }
  });
});
