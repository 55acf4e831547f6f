// The packed client on every runtime a user runs it on: Node 20 (this one), 22 and 24, Bun, Deno
// with network permission only, and workerd through Miniflare. Each runs consumer.mjs against a
// scripted server on 127.0.0.1 and prints what it saw. `npm run test:runtimes`; not part of `npm test`.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, mkdtempSync, rmSync, writeFileSync } from "node:fs";
import type { ServerResponse } from "node:http";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { build } from "esbuild";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { freePort } from "../../scripts/lib/mock/prism.mjs";
import { runtimeFolder, setupRuntimes } from "../../scripts/setup-runtimes.mjs";
import { faultServer, type SeenRequest } from "../support/fault-server.js";

const exec = promisify(execFile);
const root = fileURLToPath(new URL("../..", import.meta.url));
const here = fileURLToPath(new URL(".", import.meta.url));

const LIMITS = { max_concurrent_sessions: 50, default_project_max_concurrent_sessions: 10 };
const NOT_FOUND = { code: "not_found", message: "No deployment dep_missing." };
const CLICK_PATH = "/browsers/brs_retried/computer/click_mouse";
const ENV_KEY = "env-key-7f3a";

// npm's own variables would point the nested npm at this repo; the client's would change what it does
const env = Object.fromEntries(Object.entries(process.env).filter(([name]) => !/^(npm_|BROWSER_CLOUD_)/i.test(name)));

let work: string;
let project: string;
let bins: Awaited<ReturnType<typeof setupRuntimes>>;

// the runtimes (cached after the first run), one pack and one install serve every runtime below
beforeAll(async () => {
  bins = await setupRuntimes();
  work = mkdtempSync(join(tmpdir(), "browser-cloud-runtimes-"));
  const { stdout } = await exec("npm", ["pack", "--json", "--pack-destination", work], {
    cwd: root,
    env,
    maxBuffer: 16 * 1024 * 1024,
  });
  const [info] = JSON.parse(stdout.slice(stdout.indexOf("[")));
  project = join(work, "project");
  mkdirSync(project);
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "runtimes-consumer", private: true, type: "module" }),
  );
  await exec(
    "npm",
    ["install", join(work, info.filename), "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
    { cwd: project, env },
  );
  for (const file of ["consumer.mjs", "main.mjs", "worker.mjs", "miniflare.mjs"])
    copyFileSync(join(here, file), join(project, file));
  // a Worker is deployed as one bundle, as wrangler makes it with esbuild
  await build({
    entryPoints: [join(project, "worker.mjs")],
    outfile: join(project, "worker.bundle.js"),
    bundle: true,
    format: "esm",
    platform: "neutral",
    conditions: ["workerd", "worker", "browser"],
    mainFields: ["module", "main"],
    logLevel: "error",
  });
}, 600_000);

afterAll(() => {
  if (work) rmSync(work, { recursive: true, force: true });
});

/** The scripted server on 127.0.0.1: the limits, a 404 for dep_missing, a click, and never an answer to `X-Scenario: hang`. */
const script = (res: ServerResponse, req: SeenRequest) => {
  const json = (status: number, value: unknown) =>
    res.writeHead(status, { "Content-Type": "application/json" }).end(JSON.stringify(value));
  if (req.headers["x-scenario"] === "hang") return;
  if (req.method === "GET" && req.url === "/org/limits") json(200, LIMITS);
  else if (req.method === "DELETE" && req.url === "/deployments/dep_missing") json(404, NOT_FOUND);
  else if (req.method === "POST" && req.url === CLICK_PATH) res.writeHead(200).end();
  else json(500, { code: "unscripted", message: `${req.method} ${req.url}` });
};

/** Runs the program on `runtime` against a fresh scripted server; what it printed and what the server saw. */
async function runOn(runtime: string): Promise<{ report: unknown; seen: string[] }> {
  const { url, requests } = await faultServer(script);
  const closed = `http://127.0.0.1:${await freePort()}`;
  const args: Record<string, [string, string[]]> = {
    "Node 20": [process.execPath, ["main.mjs", url, closed]],
    "Node 22": [bins.node22, ["main.mjs", url, closed]],
    "Node 24": [bins.node24, ["main.mjs", url, closed]],
    Bun: [bins.bun, ["main.mjs", url, closed]],
    // network to loopback only: no env, no read, no write; never a prompt
    Deno: [bins.deno, ["run", "--no-prompt", "--allow-net=127.0.0.1", "main.mjs", url, closed]],
    // Miniflare needs Node 22+: it runs under Node 24, the Worker in workerd
    workerd: [
      bins.node24,
      ["miniflare.mjs", runtimeFolder("miniflare"), join(project, "worker.bundle.js"), url, closed],
    ],
  };
  const [command, argv] = args[runtime]!;
  const { stdout } = await exec(command, argv, {
    cwd: project,
    env: {
      ...env,
      BROWSER_CLOUD_API_KEY: ENV_KEY,
      DENO_DIR: join(work, "deno-dir"),
      DENO_NO_UPDATE_CHECK: "1",
      NO_COLOR: "1",
    },
    timeout: 120_000,
    maxBuffer: 16 * 1024 * 1024,
  });
  // an aborted request may or may not reach the server before the abort: it is left out
  const seen = requests
    .filter((r) => !r.headers["x-scenario"])
    .map((r) => `${r.method} ${r.url} ${r.headers.authorization ?? "(no key)"}${r.body ? ` ${r.body}` : ""}`);
  return { report: JSON.parse(stdout.trim().split("\n").at(-1)!), seen };
}

const answered = { value: LIMITS };
// what every runtime reports, the key from the environment aside
const onEveryRuntime = {
  answer: answered,
  apiError: { error: "NotFoundError", root: true, apiError: true, status: 404, code: "not_found" },
  refused: { error: "ConnectionError", root: true, maybePerformed: false },
  retried: { value: "undefined", attempts: 2 },
  abort: { error: "UserAbortError", root: true },
};
const noKey = "No API key: pass createClient({ apiKey }) or set BROWSER_CLOUD_API_KEY.";
const limitsSeen = "GET /org/limits Bearer runtime-key";
const notFoundSeen = "DELETE /deployments/dep_missing Bearer runtime-key";
const clickSeen = `POST ${CLICK_PATH} Bearer runtime-key {"x":3,"y":4}`;

describe("the packed client", () => {
  it.each(["Node 20", "Node 22", "Node 24", "Bun"])(
    "on %s: answers, an ApiError, a refused click not performed and retried, an abort, the key from the environment",
    async (runtime) => {
      const { report, seen } = await runOn(runtime);

      expect(report).toEqual({ ...onEveryRuntime, envKey: answered });
      expect(seen).toEqual([limitsSeen, notFoundSeen, clickSeen, `GET /org/limits Bearer ${ENV_KEY}`]);
    },
    180_000,
  );

  it("on Deno with network permission only: the same, and a variable not granted counts as unset", async () => {
    const { report, seen } = await runOn("Deno");

    // the variable is set, but not granted: it counts as unset
    expect(report).toEqual({ ...onEveryRuntime, envKey: { error: "ConfigurationError", root: true, message: noKey } });
    expect(seen).toEqual([limitsSeen, notFoundSeen, clickSeen]);
  }, 180_000);

  it("on workerd: the same, but a refused click counts as maybe performed and is not sent again, since workerd cannot tell it from a reset", async () => {
    const { report, seen } = await runOn("workerd");

    expect(report).toEqual({
      ...onEveryRuntime,
      refused: { error: "ConnectionError", root: true, maybePerformed: true },
      retried: { error: "ConnectionError", root: true, maybePerformed: true, attempts: 1 },
      // a Worker has no process.env without nodejs_compat: the key is an option there
      envKey: { error: "ConfigurationError", root: true, message: noKey },
    });
    expect(seen).toEqual([limitsSeen, notFoundSeen]);
  }, 180_000);
});
