// One document of the corpus through the whole pipeline, as an API team drops it into openapi/, in a
// copy of the project: Redocly's lint, generate, the type check, `npm pack`, a strict user of every
// method (and the docs page's samples) compiled against the packed package, the docs page, every method called against the mock
// serving the repaired bundle (as written, then with every example taken out) through a client that
// refuses answers that break the document, and the stateful mock's round trip on each collection it
// infers. Returns the document's score: what the scoreboard shows and the stage holds it to.
import { execFile } from "node:child_process";
import { mkdirSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { promisify } from "node:util";
import { withCodeSamples } from "../../scripts/lib/docs/code-samples.mjs";
import { withExampleInputs } from "../../scripts/lib/generate/example-inputs.mjs";
import { consumerProgram } from "../../scripts/lib/generate/examples.mjs";
import { readOperations } from "../../scripts/lib/generate/read-operations.mjs";
import { inferCollections } from "../../scripts/lib/mock/collections.mjs";
import { mockServer } from "../../scripts/lib/mock/proxy.mjs";
import { toolEnv } from "../../scripts/lib/shared/env.mjs";
import { readIdentity } from "../../scripts/lib/shared/identity.mjs";
import { root } from "../../scripts/lib/shared/paths.mjs";
import { withoutExamples } from "../../scripts/lib/spec/examples.mjs";
import { createSampler } from "../../scripts/lib/spec/sample.mjs";
import { copyFor, type Document } from "../support/corpus.js";
import { samplesProgram } from "../support/docs-samples.js";
import { walkEveryOperation, type WalkResult } from "../support/mock-walk.js";
import { roundTrip } from "../support/round-trip.js";
import { STRICT_OPTIONS } from "../support/strict-consumer.js";
import { operationCount, pastedNames } from "./oracles.js";

type Json = any;
const exec = promisify(execFile);
const tsc = join(root, "node_modules/typescript/bin/tsc");
const redocly = join(root, "node_modules/.bin/redocly");
/** How long one collection's round trip may take. */
const ROUND_TRIP_MS = 20_000;

/** What one walk of every operation against the mock gave. */
export interface Walk {
  operations: number;
  worked: number;
  /** Answers the client refused as breaking the document (AnswerMismatchError), whatever served them. */
  refused: number;
  lists: { detected: number; walked: number };
  streams: { total: number; read: number };
  failures: string[];
}

export interface Score {
  name: string;
  /** The operations of the document as its vendor wrote them (every method of every path item). */
  operations: number;
  /** The client's methods. */
  methods: number;
  /** Redocly's lint read the document and reported on it (what it finds is the team's to fix). */
  linted: boolean;
  /** Problems the lint found, with redocly.yaml's rules. */
  lintProblems?: number;
  generated: boolean;
  typeChecked: boolean;
  packed: boolean;
  consumerCompiled: boolean;
  /** The docs page was written, and holds every path of the document. */
  documented: boolean;
  written?: Walk;
  noExamples?: Walk;
  stateful?: { inferred: number; passed: number };
  /** Method names that paste a path parameter's name or the HTTP method in (`postCreate`, `connectorIdId`). */
  pasted: string[];
  defects: number;
  seconds: number;
  /** Why a step failed, its first lines. */
  errors: string[];
}

// npm's own variables from the `npm run` around us would point the nested npm at the copy's parent
const env = Object.fromEntries(Object.entries(toolEnv()).filter(([name]) => !/^npm_/i.test(name)));
const run = (cmd: string, args: string[], cwd: string) =>
  exec(cmd, args, { cwd, env, encoding: "utf8", maxBuffer: 256 << 20 });
/** What a failed child printed, stdout then stderr, its first lines. */
const printed = (err: unknown, lines = 30) => {
  const { stdout = "", stderr = "", message } = err as { stdout?: string; stderr?: string; message: string };
  return (`${stdout}${stderr}`.trim() || message).split("\n").slice(0, lines).join("\n");
};

/** The walk's counts; a refused answer is a failed call too. */
function tally(results: WalkResult[]): Walk {
  const lists = results.filter((r) => r.kind === "list");
  const streams = results.filter((r) => r.kind === "stream");
  return {
    operations: results.length,
    worked: results.filter((r) => r.ok).length,
    refused: results.filter((r) => r.cause?.startsWith("AnswerMismatchError")).length,
    lists: { detected: lists.length, walked: lists.filter((r) => r.ok).length },
    streams: { total: streams.length, read: streams.filter((r) => r.ok).length },
    failures: results.filter((r) => !r.ok).map((r) => `${r.where}: ${r.cause}`),
  };
}

/** Every operation of `spec` called through the copy's client against a mock serving `spec`. */
async function walk(dir: string, spec: Json): Promise<Walk> {
  const { createClient } = await import(join(dir, "src/index.ts"));
  const mock = await mockServer({ port: 0, say: () => {} });
  try {
    await mock.serve(JSON.stringify(spec));
    // any key: user:password fits basic auth as well as a bearer token or an API key
    const client = createClient({ apiKey: "corpus:token", baseUrl: mock.url, maxRetries: 0, strictAnswers: true });
    return tally(await walkEveryOperation(client, spec, readOperations(spec).operations));
  } finally {
    await mock.close();
  }
}

/** The packed package installed into a fresh project: a strict user of every method and the docs page's samples compile. */
async function consumerErrors(dir: string, spec: Json, work: string): Promise<string> {
  const out = await run("npm", ["pack", "--json", "--pack-destination", work], dir);
  // prepack's own lines come first on stdout, then npm's JSON
  const [packed] = JSON.parse(out.stdout.slice(out.stdout.search(/^\[/m)));
  const name = JSON.parse(readFileSync(join(dir, "package.json"), "utf8")).name;
  const project = join(work, "project");
  mkdirSync(project, { recursive: true });
  const sampler = await createSampler(spec);
  const operations = withExampleInputs(readOperations(spec).operations, sampler).operations;
  const page = withCodeSamples(spec, { sampler, names: readIdentity(spec.info, join(dir, "package.json")) });
  writeFileSync(
    join(project, "package.json"),
    JSON.stringify({ name: "corpus-consumer", private: true, type: "module" }),
  );
  writeFileSync(
    join(project, "tsconfig.json"),
    JSON.stringify({
      compilerOptions: { ...STRICT_OPTIONS, skipLibCheck: false },
      files: ["operations.ts", "samples.ts"],
    }),
  );
  writeFileSync(
    join(project, "operations.ts"),
    consumerProgram(operations, { from: name, baseUrl: '"http://127.0.0.1:4010"' }),
  );
  writeFileSync(join(project, "samples.ts"), samplesProgram(page, readOperations(spec).operations, name, name));
  await run(
    "npm",
    ["install", join(work, packed.filename), "--prefer-offline", "--no-audit", "--no-fund", "--loglevel=error"],
    project,
  );
  return run(process.execPath, [tsc, "-p", "."], project).then(
    () => "",
    (err) => printed(err),
  );
}

/** The stateful mock's round trip (create, read, list, delete, read → 404) on every collection it infers. */
async function stateful(dir: string, spec: Json): Promise<{ inferred: number; passed: number }> {
  const { collections } = inferCollections(spec);
  const sampler = await createSampler(spec);
  const { createClient } = await import(join(dir, "src/index.ts"));
  const mock = await mockServer({ port: 0, stateful: true, say: () => {} });
  let passed = 0;
  try {
    await mock.serve(JSON.stringify(spec));
    const client = createClient({ apiKey: "corpus:token", baseUrl: mock.url, maxRetries: 0 });
    for (const collection of collections) {
      let timer: NodeJS.Timeout | undefined;
      const late = new Promise<{ passed: false }>((done) => {
        timer = setTimeout(() => done({ passed: false }), ROUND_TRIP_MS);
      });
      const result = await Promise.race([roundTrip(client, sampler, collection), late]).finally(() =>
        clearTimeout(timer),
      );
      if (result.passed) passed++;
    }
  } finally {
    await mock.close();
  }
  return { inferred: collections.length, passed };
}

/** The score of a document nothing has run on yet: `errors` say why, where that is the end of it. */
export function unscored(name: string, operations = Number.NaN, errors: string[] = []): Score {
  return {
    name,
    operations,
    methods: 0,
    linted: false,
    generated: false,
    typeChecked: false,
    packed: false,
    consumerCompiled: false,
    documented: false,
    pasted: [],
    defects: 0,
    seconds: 0,
    errors,
  };
}

/**
 * Runs `doc` through the pipeline; `say` gets a line per step. Each step runs only when the ones it
 * needs passed; a failed step's output goes to `errors`, and the score says how far the document got.
 */
export async function scoreDocument(doc: Document, say: (line: string) => void): Promise<Score> {
  const started = performance.now();
  const score = unscored(doc.name, await operationCount(doc).catch(() => Number.NaN));
  const copy = copyFor(doc);
  const work = mkdtempSync(join(tmpdir(), `corpus-${doc.name}-pack-`));
  const step = async (what: string, body: () => Promise<void>) => {
    const at = performance.now();
    try {
      await body();
      say(`${what}: ok in ${Math.round(performance.now() - at)} ms`);
    } catch (err) {
      say(`${what}: FAILED in ${Math.round(performance.now() - at)} ms`);
      score.errors.push(`${what}: ${printed(err)}`);
    }
  };
  try {
    let spec: Json;
    await step("lint", async () => {
      // problems make redocly exit 1 with its report; a document it cannot read leaves no report
      // every problem in the report: Redocly lists the first 100 unless told otherwise
      const report = await run(redocly, ["lint", "--format=json", "--max-problems=1000000"], copy.dir).catch(
        (err) => err,
      );
      const stdout = String(report.stdout ?? "");
      const problems = stdout.includes("{") ? JSON.parse(stdout.slice(stdout.indexOf("{"))).problems : undefined;
      if (!Array.isArray(problems)) throw new Error(`no lint report: ${printed(report)}`);
      score.lintProblems = problems.length;
      score.linted = true;
    });
    await step("generate", async () => {
      const { stdout } = await run(process.execPath, ["scripts/generate.mjs"], copy.dir);
      score.defects = stdout.split("\n").filter((l) => l.startsWith("generate: defect: ")).length;
      spec = JSON.parse(readFileSync(join(copy.dir, "generated/openapi.json"), "utf8"));
      const { operations } = readOperations(spec);
      score.methods = operations.length;
      score.pasted = pastedNames(operations);
      score.generated = true;
    });
    if (!score.generated) return score;
    await step("type check", async () => {
      await run(process.execPath, [tsc, "-p", "."], copy.dir);
      score.typeChecked = true;
    });
    if (!score.typeChecked) return score;
    await step("strict user of the packed package", async () => {
      const errors = await consumerErrors(copy.dir, spec, work);
      score.packed = true;
      if (errors) throw new Error(errors);
      score.consumerCompiled = true;
    });
    await step("docs page", async () => {
      await run(process.execPath, ["scripts/docs.mjs"], copy.dir);
      // the page embeds the document as JSON with <, > and & escaped for HTML (\u003c): read back
      const page = readFileSync(join(copy.dir, "site/index.html"), "utf8").replace(/\\u00(3c|3e|26)/gi, (_, hex) =>
        String.fromCharCode(Number.parseInt(hex, 16)),
      );
      const missing = Object.keys(spec.paths ?? {}).filter((path) => !page.includes(JSON.stringify(path).slice(1, -1)));
      if (missing.length) throw new Error(`the page lacks ${missing.length} paths: ${missing.slice(0, 5).join(", ")}`);
      score.documented = true;
    });
    await step("every method against the mock", async () => {
      score.written = await walk(copy.dir, spec);
    });
    await step("every method against the mock, examples taken out", async () => {
      score.noExamples = await walk(copy.dir, withoutExamples(spec));
    });
    await step("stateful round trips", async () => {
      score.stateful = await stateful(copy.dir, spec);
    });
    return score;
  } finally {
    score.seconds = Math.round((performance.now() - started) / 1000);
    copy.remove();
    rmSync(work, { recursive: true, force: true });
  }
}
