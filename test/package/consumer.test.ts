import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join, resolve } from "node:path";
import { fileURLToPath } from "node:url";
import { promisify } from "node:util";
import { publint } from "publint";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { render } from "../../scripts/lib/generate/render.mjs";
import { consumerProgram } from "../../scripts/lib/generate/examples.mjs";
import { functionNames } from "../../scripts/lib/generate/identifiers.mjs";
import { withExampleInputs } from "../../scripts/lib/generate/example-inputs.mjs";
import { readOperations } from "../../scripts/lib/generate/read-operations.mjs";
import { mockServer } from "../../scripts/lib/mock/proxy.mjs";
import { createSampler } from "../../scripts/lib/spec/sample.mjs";
import { API_KEY_ENV, BASE_URL_ENV } from "../../generated/identity.js";
import { apiBaseUrl } from "../support/contract.js";

const exec = promisify(execFile);
const root = resolve(fileURLToPath(new URL("../..", import.meta.url)));
const bin = (name: string) => join(root, "node_modules/.bin", name);
const pkg = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));
const spec = JSON.parse(readFileSync(join(root, "generated/openapi.json"), "utf8"));
// with the inputs the generated examples pass where the document gives none (sampled from its schemas)
const operations = withExampleInputs(readOperations(spec).operations, await createSampler(spec)).operations;
/**
 * What each method resolves to against the dev mock: a value for a JSON answer (the mock serves the
 * document's example, a page of it, or a value sampled where it breaks its schema), null for no body,
 * the status for other content. This project's own program (fixtures/consumer.ts) holds every
 * answer to the document's example, against Prism alone.
 */
const answers = () =>
  Object.fromEntries(
    operations.map((op) => [
      op.name,
      op.success.kind === "json" ? expect.anything() : op.success.kind === "empty" ? null : op.success.status,
    ]),
  );
// the package as a user installs it, by its name (package.json's)
const installed = (...path: string[]) => join(project, "node_modules", pkg.name, ...path);
// this project's own user program, written by hand against its document (fixtures/consumer.ts and
// testing.ts); a team's checkout has none (npm run init), and the programs generated from its
// document below stand for it
const OWN_PROGRAM = existsSync(fileURLToPath(new URL("./fixtures/consumer.ts", import.meta.url)));

// npm's own variables from the `npm test` around us would point the nested npm at this repo
const env = Object.fromEntries(
  Object.entries(process.env).filter(([name]) => !/^npm_/i.test(name) && name !== API_KEY_ENV),
);
const run = (cmd: string, args: string[], cwd: string, extra: Record<string, string> = {}) =>
  exec(cmd, args, { cwd, env: { ...env, ...extra }, maxBuffer: 16 * 1024 * 1024 });

let work: string;
let project: string;
let tarball: string;
let packed: string[];
let compiled: { code?: number; stdout?: string };

// one pack and one install serve every test below: `npm pack` runs prepack, which compiles dist/
// the dev mock (Prism behind the proxy that reads forms, serves lists and streams) serving the document,
// which the generated programs call as npm start's mock would answer them
let mock: { url: string; serve(text: string): Promise<void>; close(): Promise<void> };
beforeAll(async () => {
  mock = await mockServer({ port: 0, say: () => {} });
  await mock.serve(JSON.stringify(spec));
  work = mkdtempSync(join(tmpdir(), "package-consumer-"));
  const { stdout } = await run("npm", ["pack", "--json", "--pack-destination", work], root);
  const [info] = JSON.parse(stdout.slice(stdout.indexOf("[")));
  tarball = join(work, info.filename);
  packed = info.files.map((f: { path: string }) => f.path);

  project = join(work, "project");
  cpSync(fileURLToPath(new URL("./fixtures", import.meta.url)), project, { recursive: true });
  // the part of the user's program that calls every operation comes from the table: through
  // createClient(), and through the standalone functions of <package>/operations
  const baseUrl =
    '(globalThis as { process?: { env: Record<string, string | undefined> } }).process?.env.CONSUMER_BASE_URL ?? "http://127.0.0.1:4010"';
  writeFileSync(join(project, "operations.ts"), consumerProgram(operations, { from: pkg.name, baseUrl }));
  writeFileSync(
    join(project, "functions.ts"),
    consumerProgram(operations, {
      from: `${pkg.name}/operations`,
      baseUrl,
      functions: functionNames(operations),
    }),
  );
  // the same package from require(), as a CommonJS user on Node 20.19+ loads it
  writeFileSync(join(project, "consumer.cjs"), requireProgram(pkg.name));
  const tsconfig = JSON.parse(readFileSync(join(project, "tsconfig.json"), "utf8"));
  tsconfig.files = tsconfig.files.filter((file: string) => existsSync(join(project, file)));
  writeFileSync(join(project, "tsconfig.json"), JSON.stringify(tsconfig, null, 2));
  await run("npm", ["install", tarball, "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"], project);
  compiled = await run(process.execPath, [join(root, "node_modules/typescript/bin/tsc"), "-p", "."], project).catch(
    (err) => err,
  );
}, 240_000);

/** A CommonJS program that require()s the package `name` and its shipped spec, and prints what it got. */
function requireProgram(name: string): string {
  return `const { createClient, API_VERSION, NotFoundError } = require(${JSON.stringify(name)});
const spec = require(${JSON.stringify(`${name}/openapi.json`)});

console.log(
  JSON.stringify({
    createClient: typeof createClient,
    apiVersion: API_VERSION,
    notFound: typeof NotFoundError,
    specVersion: spec.info.version,
  }),
);
`;
}

/** The files an ES module imports, transitively, and the bare specifiers (packages, `node:` modules) among them. */
function importGraph(entry: string): { files: string[]; bare: string[] } {
  const files = new Set<string>();
  const bare = new Set<string>();
  const visit = (file: string) => {
    if (files.has(file)) return;
    files.add(file);
    // comments hold @example imports: leave them out
    const code = readFileSync(file, "utf8")
      .replace(/\/\*[\s\S]*?\*\//g, "")
      .replace(/^\s*\/\/.*$/gm, "");
    // the module's own import and export statements and dynamic imports, not a string that reads like one
    const statements =
      /^\s*(?:import|export)\b[^;=]*?\bfrom\s*["']([^"']+)["']|^\s*import\s*["']([^"']+)["']|\bimport\(\s*["']([^"']+)["']\s*\)/gm;
    for (const match of code.matchAll(statements)) {
      const specifier = match[1] ?? match[2] ?? match[3];
      if (specifier!.startsWith(".")) visit(resolve(dirname(file), specifier!));
      else bare.add(specifier!);
    }
  };
  visit(entry);
  return { files: [...files], bare: [...bare].sort() };
}

afterAll(async () => {
  await mock?.close();
  if (work) rmSync(work, { recursive: true, force: true });
});

describe("the published package", () => {
  it("holds dist/ (ESM, .d.ts and source maps, the generated types and the spec) and the documents a user reads", () => {
    for (const file of packed)
      expect(file, file).toMatch(
        /^(dist\/|package\.json$|README\.md$|LICENSE$|CHANGELOG\.md$|CLIENT_CHANGELOG\.md$|generated\/api\.md$)/,
      );
    for (const file of ["README.md", "LICENSE", "CHANGELOG.md", "CLIENT_CHANGELOG.md", "generated/api.md"])
      expect(packed).toContain(file);
    for (const file of [
      "dist/src/index.js",
      "dist/src/index.d.ts",
      "dist/src/index.js.map",
      "dist/src/index.d.ts.map",
      "dist/src/testing/index.js",
      "dist/src/testing/index.d.ts",
      "dist/src/operations.js",
      "dist/src/operations.d.ts",
      "dist/generated/functions.js",
      "dist/generated/schema.d.ts",
      "dist/openapi.json",
    ]) {
      expect(packed).toContain(file);
    }
    expect(packed.filter((f) => /\.ts$/.test(f) && !f.endsWith(".d.ts"))).toEqual([]);
  });

  it("passes publint with no message, suggestions included", async () => {
    const { messages } = await publint({
      pack: { tarball: readFileSync(tarball).buffer as ArrayBuffer },
      level: "suggestion",
      strict: true,
    });

    expect(messages).toEqual([]);
  });

  it("resolves for ESM, bundlers and require() under attw's esm-only profile", async () => {
    const result = await run(bin("attw"), [tarball, "--profile", "esm-only", "--format", "json"], work).catch(
      (err) => err,
    );
    const problems: { resolutionKind: string }[] = JSON.parse(result.stdout).analysis.problems;

    // the profile sets aside node10 and TypeScript's node16-from-CJS view, which predates
    // require(esm); the test below loads the package with require() for real
    expect(problems.filter((p) => !["node10", "node16-cjs"].includes(p.resolutionKind))).toEqual([]);
    expect(result.code ?? 0).toBe(0);
  });

  it("ships the spec it was built from as <package>/openapi.json", async () => {
    const shipped = JSON.parse(readFileSync(installed("dist/openapi.json"), "utf8"));
    const files = await render();
    const bundled = [...files].find(([file]) => file.endsWith("/openapi.json"))![1];

    expect(shipped).toEqual(JSON.parse(bundled));
  });
});

describe("a user's project", () => {
  it("compiles strictly with the package's types alone: no @types/node, skipLibCheck off, every @ts-expect-error holding", () => {
    expect(compiled.stdout ?? "").toBe("");
    expect(compiled.code ?? 0).toBe(0);
  });

  it.runIf(OWN_PROGRAM)(
    "calls every operation against the mock and meets the errors it expects",
    async () => {
      const { stdout } = await run(process.execPath, ["out/consumer.js"], project, { CONSUMER_BASE_URL: apiBaseUrl() });

      expect(JSON.parse(stdout)).toEqual({
        apiVersion: spec.info.version,
        answers: Object.fromEntries(
          operations.map((op) => [
            op.name,
            op.success.kind === "json" ? op.success.example : op.success.kind === "empty" ? null : op.success.status,
          ]),
        ),
        limits: { cap: 50, perProject: 10 },
        click: true,
        raw: { status: 200, data: { max_concurrent_sessions: 50, default_project_max_concurrent_sessions: 10 } },
        apiError: {
          status: 404,
          code: "not_found",
          details: undefined,
          body: expect.objectContaining({ code: "not_found" }),
        },
        issues: [{ path: "body.x", message: "must be >= 0" }],
        abort: "UserAbortError",
        auth: "AuthenticationError",
        noKey: "ConfigurationError",
        roots: true,
      });
    },
    60_000,
  );

  it("calls every operation through createClient() against the mock", async () => {
    const { stdout } = await run(
      process.execPath,
      ["--input-type=module", "-e", 'console.log(JSON.stringify(await (await import("./out/operations.js")).main()))'],
      project,
      { CONSUMER_BASE_URL: mock.url },
    );

    expect(JSON.parse(stdout)).toEqual(answers());
  }, 60_000);

  it("calls every operation through the standalone functions of <package>/operations", async () => {
    const { stdout } = await run(
      process.execPath,
      ["--input-type=module", "-e", 'console.log(JSON.stringify(await (await import("./out/functions.js")).main()))'],
      project,
      { CONSUMER_BASE_URL: mock.url },
    );

    expect(JSON.parse(stdout)).toEqual(answers());
  }, 60_000);

  it.runIf(OWN_PROGRAM)("tests its own code with <package>/testing, with no network", async () => {
    const { stdout } = await run(process.execPath, ["out/testing.js"], project, {
      [BASE_URL_ENV]: "https://unreachable.invalid",
    });

    expect(JSON.parse(stdout)).toEqual({
      first: "deleted",
      second: "gone",
      cap: 3,
      unscripted: "MockFetchError",
      calls: [
        "deployments.delete /deployments/dep_1",
        "deployments.delete /deployments/dep_1",
        "organization.limits.retrieve /org/limits",
        "auth.connections.delete /auth/connections/conn_1",
      ],
    });
  });

  it("keeps the testing entry and every Node built-in out of the main entry's imports", () => {
    const main = importGraph(installed("dist/src/index.js"));
    const testing = importGraph(installed("dist/src/testing/index.js"));

    expect(main.files.some((file) => file.includes("/dist/src/testing/"))).toBe(false);
    expect([...main.bare].sort()).toEqual(["eventsource-parser", "openapi-fetch"]);
    // the testing entry runs wherever the client does: no node: module, no package the client does not
    // import itself (a table whose rows bring openapi-fetch's query writer, as resend's do, brings it here too)
    expect(testing.bare.filter((name) => !main.bare.includes(name))).toEqual([]);
    expect(testing.files.some((file) => file.endsWith("/dist/src/index.js"))).toBe(false);
    expect(testing.files.length).toBeGreaterThan(1);
  });

  it("loads the package with require() on Node 20.19+", async () => {
    const { stdout } = await run(process.execPath, ["consumer.cjs"], project);

    expect(JSON.parse(stdout)).toEqual({
      createClient: "function",
      apiVersion: spec.info.version,
      notFound: "function",
      specVersion: spec.info.version,
    });
  });

  it("ships a client changelog whose newest entry is the package's version", () => {
    const changelog = readFileSync(installed("CLIENT_CHANGELOG.md"), "utf8");

    // an [Unreleased] section may sit above it
    expect(/^## \[(?!Unreleased\])([^\]]+)\]/m.exec(changelog)?.[1]).toBe(pkg.version);
  });

  it("installs the package's own version, which is apart from the API version it exports", () => {
    const manifest = JSON.parse(readFileSync(installed("package.json"), "utf8"));

    expect(manifest.version).toBe(pkg.version);
    expect(manifest.version).not.toBe("");
  });
});
