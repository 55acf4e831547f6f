import { execFileSync, spawn, type ChildProcess } from "node:child_process";
import { cpSync, mkdirSync, readdirSync, readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { afterAll, afterEach, beforeAll, describe, expect, it } from "vitest";
import { toolEnv } from "../../../scripts/lib/shared/env.mjs";
import { copyRepo } from "../../../scripts/lib/shared/repo-copy.mjs";
import { SOURCE } from "../../../scripts/synthetic-spec.mjs";
import { goneFromPort, killOnPort, processesOnPort } from "../helpers.js";

const ORG_LIMITS = "openapi/components/schemas/OrgLimits.yaml";
const ORG_LIMITS_PATH = "openapi/paths/org_limits.yaml";
const SUMMARY = /^dev: regenerated in \d+ ms \(generate \d+ ms, docs \d+ ms\); lint follows$/gm;
const LINT_FOUND =
  /^dev: lint found (\d+) errors? in \d+ ms, regenerated anyway; npm run build and npm test refuse them until they are fixed or redocly\.yaml's lint profile allows them$/m;
// generous, for a busy 2-core machine: these only bound a hang, they measure nothing
const WAIT_MS = 120_000;

/**
 * The pipeline's part of the repository, copied to a temp dir, with node_modules linked, and this
 * project's first document (a fixture) as its openapi/, whatever openapi/ holds here; dev generates
 * it on start.
 */
function copyPipeline(): string {
  const { dir } = copyRepo({
    entries: ["lint", "redocly.yaml", "scripts", "package.json", "generated", "tsconfig.json", "src"],
    prefix: "dev-test-",
    document: SOURCE,
  });
  // and its first release, which the breaking-change warning compares a save with
  mkdirSync(join(dir, "openapi/released"));
  cpSync(
    fileURLToPath(new URL("../../spec/fixtures/first-release-0.1.0.json", import.meta.url)),
    join(dir, "openapi/released/0.1.0.json"),
  );
  return dir;
}

interface Dev {
  dir: string;
  child: ChildProcess;
  output: () => string;
  exited: Promise<number | null>;
}

function startDev(dir: string, args: string[], nodeArgs: string[] = []): Dev {
  const env = toolEnv();
  const child = spawn(process.execPath, [...nodeArgs, "scripts/dev.mjs", ...args], {
    cwd: dir,
    env,
    stdio: ["ignore", "pipe", "pipe"],
  });
  let output = "";
  child.stdout!.on("data", (chunk) => (output += chunk));
  child.stderr!.on("data", (chunk) => (output += chunk));
  const exited = new Promise<number | null>((done) => child.once("exit", (code) => done(code)));
  return { dir, child, output: () => output, exited };
}

async function stopDev(dev: Dev | undefined) {
  if (!dev) return;
  if (dev.child.exitCode === null && dev.child.signalCode === null) dev.child.kill("SIGTERM");
  await dev.exited;
  rmSync(dev.dir, { recursive: true, force: true });
}

/** Resolves to what `condition` returns once it is truthy; fails, with dev.mjs's output, when dev.mjs exits or WAIT_MS pass. */
async function waitFor<T>(dev: Dev, what: string, condition: () => T | Promise<T>): Promise<NonNullable<T>> {
  const deadline = Date.now() + WAIT_MS;
  for (;;) {
    const value = await condition();
    if (value) return value as NonNullable<T>;
    if (dev.child.exitCode !== null)
      throw new Error(`dev.mjs exited (${dev.child.exitCode}) before ${what}:\n${dev.output()}`);
    if (Date.now() > deadline) throw new Error(`no ${what} within ${WAIT_MS / 1000} s:\n${dev.output()}`);
    await new Promise((r) => setTimeout(r, 50));
  }
}

/** The first group of `pattern` in dev.mjs's output, once it is there. */
async function printed(dev: Dev, what: string, pattern: RegExp): Promise<string> {
  const match = await waitFor(dev, what, () => pattern.exec(dev.output()));
  return match[1] ?? "";
}

function edit(dir: string, file: string, from: string, to: string) {
  const text = readFileSync(join(dir, file), "utf8");
  if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
  writeFileSync(join(dir, file), text.replace(from, to));
}

const summaries = (dev: Dev) => dev.output().match(SUMMARY)?.length ?? 0;
const read = (dev: Dev, file: string) => readFileSync(join(dev.dir, file), "utf8");

/** Every file of generated/ and site/: content and modification time. */
function outputs(dir: string): Record<string, string> {
  const files: Record<string, string> = {};
  for (const folder of ["generated", "site"]) {
    for (const name of readdirSync(join(dir, folder))) {
      const path = join(dir, folder, name);
      files[`${folder}/${name}`] = `${statSync(path).mtimeMs} ${readFileSync(path, "utf8")}`;
    }
  }
  return files;
}

// each describe below runs a dev.mjs of its own in a copy of its own: the four run side by side
// (concurrent), and the tests inside one, which share its dev.mjs, one after another (it.sequential)
describe("npm run dev --no-serve", { timeout: 2 * WAIT_MS, concurrent: true }, () => {
  let dev: Dev;
  let original: string;

  beforeAll(async () => {
    dev = startDev(copyPipeline(), ["--no-serve"]);
    original = read(dev, ORG_LIMITS);
    await waitFor(dev, "first regeneration", () => summaries(dev) === 1);
  }, WAIT_MS + 10_000);
  afterAll(() => stopDev(dev), 30_000);

  it.sequential("regenerates generated/ after a one-file edit, with one summary line for the save", async () => {
    const typechecks = dev.output().match(/^dev: typecheck/gm)?.length ?? 0;
    const lints = (dev.output().match(/^dev: lint passed in \d+ ms/gm) ?? []).length;
    edit(
      dev.dir,
      ORG_LIMITS,
      "The organization's concurrency limits.",
      "The organization's concurrency limits, as edited by the dev test.",
    );

    await waitFor(dev, "the edit in generated/schema.d.ts", () =>
      read(dev, "generated/schema.d.ts").includes("as edited by the dev test"),
    );
    await waitFor(
      dev,
      "a typecheck after the regeneration",
      () => (dev.output().match(/^dev: typecheck/gm)?.length ?? 0) > typechecks,
    );

    expect(summaries(dev)).toBe(2);
    expect(dev.output()).toMatch(/^dev: wrote generated\/schema\.d\.ts, generated\/openapi\.json, site\/index\.html$/m);
    expect(dev.output()).toMatch(/^dev: typecheck ok in \d+ ms$/m);
    expect(read(dev, "site/index.html")).toContain("as edited by the dev test");
    // the lint after the line, of this save (that of the start is dropped when the save comes before it ends)
    await waitFor(
      dev,
      "the lint of the save",
      () => (dev.output().match(/^dev: lint passed in \d+ ms/gm) ?? []).length > lints,
    );
  });

  it.sequential("writes generated/ byte for byte as npm run generate does", () => {
    // generate --check exits 1, naming the files, when anything in generated/ differs from its own render
    const check = execFileSync(process.execPath, ["scripts/generate.mjs", "--check"], {
      cwd: dev.dir,
      env: toolEnv(),
      encoding: "utf8",
    });
    expect(read(dev, "generated/schema.d.ts")).toContain("as edited by the dev test");
    expect(check).toMatch(/^generate: generated\/ matches openapi\/ \(\d+ files, \d+ ms\)$/m);
  });

  it.sequential("regenerates a save that fails the house lint, printing the linter's messages after the regenerated line", async () => {
    const from = dev.output().length;
    edit(dev.dir, ORG_LIMITS, "\n  max_concurrent_sessions:\n", "\n  maxConcurrentSessions:\n");
    const line = read(dev, ORG_LIMITS).split("\n").indexOf("  maxConcurrentSessions:") + 1;

    await waitFor(dev, "the camelCase property in generated/schema.d.ts", () =>
      read(dev, "generated/schema.d.ts").includes("maxConcurrentSessions"),
    );
    await waitFor(dev, "the lint verdict", () => LINT_FOUND.test(dev.output().slice(from)));

    // the typecheck (tsc's own lines, then `dev: typecheck ...`) and the version verdict run beside
    // the lint, after the summary line, and may come at any time: not the linter's
    const save = dev
      .output()
      .slice(from)
      .replace(/^(?!dev: ).*\n/gm, "")
      .replace(/^dev: (typecheck|warning: ).*\n/gm, "");
    // written and said so first; the linter's lines follow, its verdict last
    expect(save).toMatch(
      /^dev: wrote generated\/schema\.d\.ts, .*site\/index\.html\ndev: regenerated in \d+ ms \(generate \d+ ms, docs \d+ ms\); lint follows\n/,
    );
    // the linter's lines: after the summary line of the regeneration they are about, the last one before them
    // (a save that came as two file events is regenerated twice, and only the second one's lint is printed)
    const verdict = save.search(LINT_FOUND);
    const problems = save
      .slice(save.lastIndexOf("; lint follows\n", verdict) + "; lint follows\n".length, verdict)
      .replace(/^dev: routed around .*\n/gm, "");
    expect(problems).toContain(
      `dev: ${ORG_LIMITS}:${line}:3 error rule/property-names-snake-case Property names are snake_case, as the service sends them (e.g. max_concurrent_sessions).\n`,
    );
    // the OrgLimits examples keep the old name, which its unevaluatedProperties: false refuses
    expect(
      problems.match(/^dev: openapi\/paths\/org_limits\.yaml:\d+:\d+ error no-invalid-media-type-examples /gm),
    ).toHaveLength(2);
    expect(
      problems
        .split("\n")
        .filter(Boolean)
        .every((text) => /^dev: \S+:\d+:\d+ (error|warning) \S+ /.test(text)),
    ).toBe(true);
    expect(save.match(LINT_FOUND)?.[1]).toBe("4");
    expect(read(dev, "site/index.html")).toContain("maxConcurrentSessions");
    expect(summaries(dev)).toBe(3);
  });

  it.sequential("regenerates again once the spec is fixed, saved the way editors do (a new file renamed over the old)", async () => {
    const temporary = join(dev.dir, `${ORG_LIMITS}.tmp`);
    writeFileSync(
      temporary,
      original.replace("The organization's concurrency limits.", "The organization's concurrency limits, fixed again."),
    );
    renameSync(temporary, join(dev.dir, ORG_LIMITS));

    await waitFor(dev, "the fix in generated/schema.d.ts", () =>
      read(dev, "generated/schema.d.ts").includes("fixed again"),
    );
    await waitFor(dev, "the fourth summary line", () => summaries(dev) === 4);

    expect(read(dev, "generated/schema.d.ts")).not.toContain("maxConcurrentSessions");
    expect(read(dev, "generated/schema.d.ts")).toContain("max_concurrent_sessions");
  });

  // node 20's own recursive watch follows the replaced file's old inode and misses this save
  it.sequential("still sees saves to a file after it was replaced by a rename", async () => {
    edit(dev.dir, ORG_LIMITS, "fixed again", "saved in place after the rename");

    await waitFor(dev, "the save in generated/schema.d.ts", () =>
      read(dev, "generated/schema.d.ts").includes("saved in place after the rename"),
    );
    // generated/ is written before the summary line is printed
    await waitFor(dev, "the fifth summary line", () => summaries(dev) >= 5);

    expect(summaries(dev)).toBe(5);
  });

  it.sequential("reports a YAML indentation error with file:line:col and leaves generated/ and site/ untouched", async () => {
    const before = outputs(dev.dir);
    const summariesBefore = summaries(dev);
    edit(dev.dir, ORG_LIMITS, "\n  max_concurrent_sessions:\n", "\n  max_concurrent_sessions:\n junk: 1\n");
    const line = read(dev, ORG_LIMITS).split("\n").indexOf(" junk: 1") + 1;

    await waitFor(dev, "the YAML verdict", () =>
      /^dev: YAML errors? in a file; generated\/ and site\/ keep the last good spec$/m.test(dev.output()),
    );

    expect(dev.output()).toMatch(
      new RegExp(`^dev: ${ORG_LIMITS.replace(/\./g, "\\.")}:${line}:\\d+ YAML error: .+$`, "m"),
    );
    expect(outputs(dev.dir)).toEqual(before);
    expect(summaries(dev)).toBe(summariesBefore);
    edit(dev.dir, ORG_LIMITS, "\n junk: 1\n", "\n");
    await waitFor(dev, "a regeneration after the fix", () => summaries(dev) > summariesBefore);
  });

  it.sequential("warns after a good save that needs an info.version bump, naming the version it needs", async () => {
    const summariesBefore = summaries(dev);
    const from = dev.output().length;
    // a response field that was always there becomes optional: breaking for a client
    edit(dev.dir, ORG_LIMITS, "\n  - default_project_max_concurrent_sessions\n", "\n");

    // the earlier saves changed descriptions, which already take a patch bump; this one takes a minor
    const [, warning = ""] = await waitFor(dev, "the breaking-change warning", () =>
      /^dev: warning: (\d+ breaking change.*)$/m.exec(dev.output().slice(from)),
    );

    // the verdict runs beside the regeneration (scripts/dev.mjs versionVerdict): either may print first
    await waitFor(dev, "the save's regeneration", () => summaries(dev) > summariesBefore);
    expect(summaries(dev)).toBeGreaterThan(summariesBefore);
    expect(warning).toMatch(/^1 breaking change, .* since 0\.1\.0; info\.version 0\.1\.0 must be at least 0\.2\.0/);
    expect(warning).toContain("npm test fails until info.version in openapi/openapi.yaml carries it");
  });
});

describe("npm run dev, serving", { timeout: 4 * WAIT_MS, concurrent: true }, () => {
  let dev: Dev | undefined;
  afterAll(() => stopDev(dev), 30_000);

  it.sequential("moves the docs page and the mock to a good save without a failed request, and leaves nothing listening after SIGINT", async () => {
    const running = (dev = startDev(copyPipeline(), ["--docs-port", "0", "--mock-port", "0"]));
    const docsUrl = await printed(running, "the docs address", /^dev: docs page\s+(\S+)$/m);
    const mockUrl = await printed(running, "the mock address", /^dev: mock API\s+(\S+)/m);
    const firstPrism = await printed(running, "Prism", /^dev: mock serves the spec from Prism at (\S+)/m);
    const statuses: number[] = [];
    const limits = async () => {
      const response = await fetch(`${mockUrl}/org/limits`, {
        headers: { Authorization: "Bearer any", Prefer: "example=withProjectDefault" },
      });
      statuses.push(response.status);
      return (await response.json()) as { max_concurrent_sessions: number };
    };
    expect((await limits()).max_concurrent_sessions).toBe(50);

    edit(
      running.dir,
      ORG_LIMITS_PATH,
      "max_concurrent_sessions: 50\n                default_project_max_concurrent_sessions: 10",
      "max_concurrent_sessions: 77\n                default_project_max_concurrent_sessions: 10",
    );
    edit(
      running.dir,
      ORG_LIMITS,
      "The organization's concurrency limits.",
      "The organization's concurrency limits, served anew.",
    );

    await waitFor(running, "the edit on the docs page", async () =>
      (await (await fetch(docsUrl)).text()).includes("served anew"),
    );
    await waitFor(
      running,
      "the new example from the mock",
      async () => (await limits()).max_concurrent_sessions === 77,
    );
    const secondPrism = await printed(running, "the new Prism", /^dev: mock serves the new spec from Prism at (\S+)/m);
    await waitFor(running, "the old Prism to stop", () =>
      fetch(firstPrism).then(
        () => false,
        () => true,
      ),
    );

    expect(statuses.filter((status) => status !== 200)).toEqual([]);
    expect(secondPrism).not.toBe(firstPrism);

    running.child.kill("SIGINT");
    expect(await running.exited).toBe(0);
    for (const url of [docsUrl, mockUrl, secondPrism]) {
      await expect(fetch(url), url).rejects.toThrow();
    }
  });
});

describe("npm run dev on a team's document with defects, under the house lint profile", {
  timeout: 2 * WAIT_MS,
  concurrent: true,
}, () => {
  let dev: Dev | undefined;
  afterAll(() => stopDev(dev), 30_000);

  it.sequential("regenerates it, printing the defects it routed around beside the regenerated line and the lint problems after it", async () => {
    const dir = copyPipeline();
    for (const entry of readdirSync(join(dir, "openapi")))
      if (entry !== "released") rmSync(join(dir, "openapi", entry), { recursive: true });
    cpSync(fileURLToPath(new URL("../fixtures/defects", import.meta.url)), join(dir, "openapi"), { recursive: true });
    const running = (dev = startDev(dir, ["--no-serve"]));

    await waitFor(running, "the first regeneration", () => summaries(running) === 1);
    await waitFor(running, "the lint verdict", () => LINT_FOUND.test(running.output()));

    expect(running.output().match(LINT_FOUND)?.[1]).toBe("44");
    expect(running.output()).toMatch(
      /^dev: openapi\/paths\/proxies\.yaml:\d+:\d+ error rule\/operation-401-and-500 Every operation answers 401 /m,
    );
    expect(running.output()).toMatch(
      /^dev: regenerated in \d+ ms \(generate \d+ ms, docs \d+ ms\); lint follows\ndev: routed around 16 defects of the document; npm run generate names each$/m,
    );
    expect(Object.keys(JSON.parse(read(running, "generated/openapi.json")).paths)).toEqual([
      "/browsers",
      "/browsers/{id}",
      "/proxies",
      "/deployments/{id}",
      "/deployments/{id}/events",
    ]);
    expect(read(running, "generated/openapi.json")).not.toContain('"nullable"');
    expect(read(running, "site/index.html")).toContain("Create a proxy configuration");
  });
});

// an uncaught exception on demand: dev.mjs's main thread throws when it gets SIGUSR2
const THROW_ON_SIGUSR2 = `data:text/javascript,${encodeURIComponent(
  `import { isMainThread } from "node:worker_threads"; if (isMainThread) process.on("SIGUSR2", () => { throw new Error("injected failure"); });`,
)}`;

describe("npm run dev, when it dies", { timeout: 2 * WAIT_MS, concurrent: true }, () => {
  let dev: Dev | undefined;
  let prismPort: string | undefined;
  afterEach(async () => {
    await stopDev(dev);
    // what a dev.mjs that left its Prism behind would leave running
    killOnPort(prismPort);
    dev = prismPort = undefined;
  }, 30_000);

  it.sequential.each([
    { how: "killed with SIGKILL", signal: "SIGKILL" as const, code: null, says: null },
    { how: "stopped with SIGHUP", signal: "SIGHUP" as const, code: 0, says: /^dev: SIGHUP, stopping\ndev: stopped$/m },
    { how: "ended by an uncaught exception", signal: "SIGUSR2" as const, code: 1, says: /Error: injected failure/ },
  ])("leaves no Prism behind when it is $how", async ({ signal, code, says }) => {
    const running = (dev = startDev(
      copyPipeline(),
      ["--docs-port", "0", "--mock-port", "0"],
      ["--import", THROW_ON_SIGUSR2],
    ));
    prismPort = await printed(running, "Prism", /^dev: mock serves the spec from Prism at http:\/\/[^:\s]+:(\d+)/m);
    expect(processesOnPort(prismPort)).not.toEqual([]);

    running.child.kill(signal);

    expect(await running.exited).toBe(code);
    if (says) expect(running.output()).toMatch(says);
    await goneFromPort(prismPort);
  });
});
