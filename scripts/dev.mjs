#!/usr/bin/env node
// Dev mode: watches openapi/, redocly.yaml and package.json; on start and after every save it
// lints, regenerates generated/ and rebuilds the docs page in this one process, then type-checks;
// meanwhile it serves the docs page and a Prism mock of the last spec that passed.
//   node scripts/dev.mjs [--docs-port N] [--mock-port N] [--no-serve]
//   ports default to 8080 (docs) and 4010 (mock), 0 picks a free one; --no-serve only regenerates
// A save that breaks the spec prints the linter's messages and leaves generated/ and site/ as they
// were. Ctrl-C stops the watcher, the docs server and Prism.
import { existsSync, mkdirSync, mkdtempSync, readdirSync, readFileSync, renameSync, rmSync, statSync, watch, writeFileSync } from "node:fs";
import { Agent, request } from "node:http";
import { tmpdir } from "node:os";
import { dirname, join, relative, resolve } from "node:path";
import { pipeline } from "node:stream";
import { fileURLToPath } from "node:url";
import { parseArgs } from "node:util";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { apiError, badTarget, createGuardedServer, refuse } from "./http-guard.mjs";
import { startMock } from "./mock.mjs";
import { serveDocs } from "./serve-docs.mjs";

const self = fileURLToPath(import.meta.url);
const root = resolve(dirname(self), "..");
const CONFIG = resolve(root, "redocly.yaml");
const BUNDLE = resolve(root, "generated/openapi.json");
/** Quiet time after the last file event before regenerating: one save is often several events. */
const DEBOUNCE_MS = 40;
const ANSI = /\x1b\[[0-9;]*m/g;

/**
 * Lints the spec with the Redocly CLI's own code and rules (the verdict of `redocly lint`).
 * Resolves to { ok, errors, lines, config }: `lines` are the problems, one `file:line:col
 * severity rule message` each (or the CLI's own words when it failed before linting); `config`
 * is the CLI's config, for build-docs.
 */
export async function lintSpec() {
  const { redoclyCli, withOutputCaptured } = await import("./docs.mjs");
  let cli;
  let config;
  try {
    cli = await redoclyCli();
    if (!cli) return lintInChild();
    config = await cli.loadConfig({ configPath: CONFIG });
  } catch (err) {
    return { ok: false, errors: 1, lines: [`redocly.yaml: ${err.message}`], config: null };
  }
  const problems = [];
  const argv = { apis: [], format: "stylish", "max-problems": 100 };
  const collectResults = (found) => problems.push(...found);
  try {
    const { output } = await withOutputCaptured(() => cli.handleLint({ argv, config, version: "", collectSpecData() {}, collectResults }));
    return { ok: true, errors: 0, lines: stylishLines(output), config };
  } catch (err) {
    const errors = problems.filter((p) => p.severity === "error" && !p.ignored).length;
    const lines = stylishLines(err.output ?? "");
    // no problem lines means the CLI gave up before linting (unreadable file, bad reference)
    return { ok: false, errors: Math.max(errors, 1), lines: lines.length ? lines : [err.message.trim()], config };
  }
}

// the same verdict by running the CLI, when its code cannot be loaded here
async function lintInChild() {
  const { execFile } = await import("node:child_process");
  const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };
  return new Promise((done) =>
    execFile(resolve(root, "node_modules/.bin/redocly"), ["lint", "--format=stylish"], { cwd: root, env }, (err, stdout, stderr) => {
      const lines = stylishLines(stdout + stderr);
      const errors = lines.filter((line) => / error /.test(line)).length;
      done({ ok: !err, errors: err ? Math.max(errors, 1) : 0, lines: lines.length || !err ? lines : [stderr.trim()], config: null });
    }),
  );
}

// "file:" then "  line:col  severity  rule  message" lines become "file:line:col severity rule message"
function stylishLines(text) {
  const lines = [];
  let file = null;
  for (const line of text.replace(ANSI, "").split("\n")) {
    const problem = line.match(/^\s+(\d+:\d+)\s+(error|warning|warn)\s+(\S+)\s+(.*)$/);
    if (problem) lines.push(`${file}:${problem[1]} ${problem[2]} ${problem[3]} ${problem[4]}`);
    else if (/^\S.*:$/.test(line) && !line.startsWith("validating")) file = line.slice(0, -1);
  }
  return lines;
}

/**
 * One regeneration: lint, then render generated/ and the docs page, and only when all of them
 * succeed write what changed (the generated/ files whose content differs, and site/index.html by
 * a rename). Nothing is written after a failure, nor when `superseded()` says a newer save came
 * in meanwhile. Resolves to { ok, step, lines, times: { lint, generate, docs }, written, bundle,
 * superseded }: `step` names what failed, `lines` are its messages, `bundle` is the new
 * generated/openapi.json content.
 */
export async function regenerate({ superseded = () => false } = {}) {
  const [{ render, changed }, { buildDocs, OUTPUT }] = await Promise.all([import("./generate.mjs"), import("./docs.mjs")]);
  const times = {};
  let started = performance.now();
  const lap = (step) => {
    const now = performance.now();
    times[step] = Math.round(now - started);
    started = now;
  };
  const failed = (step, lines) => ({ ok: false, step, lines, times, written: [] });

  const lint = await lintSpec();
  lap("lint");
  if (!lint.ok) return { ...failed("lint", lint.lines), errors: lint.errors };

  let files;
  try {
    files = await render();
  } catch (err) {
    return failed("generate", [err.message]);
  }
  lap("generate");

  const staged = `${OUTPUT}.next`;
  try {
    await buildDocs({ config: lint.config ?? undefined, output: staged });
  } catch (err) {
    rmSync(staged, { force: true });
    return failed("docs", [err.message, ...(err.output ?? "").replace(ANSI, "").split("\n").filter((l) => /error|fail/i.test(l))]);
  }
  lap("docs");

  if (superseded()) {
    rmSync(staged, { force: true });
    return { ...failed("superseded", []), superseded: true };
  }
  const written = [];
  for (const [file, content] of changed(files)) {
    mkdirSync(dirname(file), { recursive: true });
    writeFileSync(file, content);
    written.push(relative(root, file));
  }
  if (sameContent(staged, OUTPUT)) rmSync(staged);
  else {
    renameSync(staged, OUTPUT);
    written.push(relative(root, OUTPUT));
  }
  const bundle = [...files].find(([file]) => file.endsWith("/openapi.json"))?.[1];
  return { ok: true, lines: lint.lines, times, written, bundle };
}

function sameContent(a, b) {
  try {
    return statSync(a).size === statSync(b).size && readFileSync(a).equals(readFileSync(b));
  } catch {
    return false;
  }
}

/**
 * What `tsc -p .` checks, in a worker thread that keeps its program between checks, so that a
 * check after a regeneration only re-checks the files it affects. check() resolves to
 * { ok, errors, ms, text } (`text` is tsc's report); close() ends the worker.
 */
export function typechecker() {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role: "typecheck" } });
  const waiting = [];
  let failure = null;
  worker.on("message", (result) => waiting.shift()?.resolve(result));
  worker.on("error", (err) => {
    failure = err;
    for (const w of waiting.splice(0)) w.reject(err);
  });
  return {
    check: () =>
      failure
        ? Promise.reject(failure)
        : new Promise((resolve, reject) => {
            waiting.push({ resolve, reject });
            worker.postMessage("check");
          }),
    close: () => worker.terminate(),
  };
}

// the worker's side: one builder program, re-created on each request from the one before
async function typecheckWorker() {
  const { default: ts } = await import("typescript");
  const sources = new Map(); // file -> { text, source }: unchanged files keep their parsed tree
  let builder;
  parentPort.on("message", () => {
    const started = performance.now();
    const parsed = ts.getParsedCommandLineOfConfigFile(resolve(root, "tsconfig.json"), {}, {
      ...ts.sys,
      onUnRecoverableConfigFileDiagnostic: (d) => {
        throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
      },
    });
    const host = ts.createIncrementalCompilerHost(parsed.options);
    const parse = host.getSourceFile;
    host.getSourceFile = (file, ...rest) => {
      const text = ts.sys.readFile(file);
      const known = sources.get(file);
      if (known && known.text === text) return known.source;
      const source = parse.call(host, file, ...rest);
      if (source) sources.set(file, { text, source });
      return source;
    };
    const configErrors = ts.getConfigFileParsingDiagnostics(parsed);
    builder = ts.createSemanticDiagnosticsBuilderProgram(parsed.fileNames, parsed.options, host, builder, configErrors, parsed.projectReferences);
    // the order tsc reports in: later kinds only when the earlier ones are clean
    const diagnostics = [...builder.getConfigFileParsingDiagnostics(), ...builder.getSyntacticDiagnostics()];
    if (diagnostics.length === configErrors.length) {
      diagnostics.push(...builder.getOptionsDiagnostics(), ...builder.getGlobalDiagnostics());
      if (diagnostics.length === configErrors.length) diagnostics.push(...builder.getSemanticDiagnostics());
    }
    const sorted = ts.sortAndDeduplicateDiagnostics(diagnostics);
    const errors = sorted.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
    const text = ts.formatDiagnostics(sorted, { getCanonicalFileName: (f) => f, getCurrentDirectory: () => root, getNewLine: () => "\n" });
    parentPort.postMessage({ ok: errors === 0, errors, ms: Math.round(performance.now() - started), text });
  });
}

// headers that belong to one connection, never forwarded (RFC 9110 7.6.1), and expect: the
// client already got its 100-continue from the proxy
const HOP_BY_HOP = ["connection", "keep-alive", "proxy-connection", "transfer-encoding", "te", "trailer", "upgrade", "proxy-authenticate", "proxy-authorization", "expect"];

function endToEnd(headers) {
  const drop = new Set(HOP_BY_HOP);
  for (const name of String(headers.connection ?? "").split(",")) drop.add(name.trim().toLowerCase());
  return Object.fromEntries(Object.entries(headers).filter(([name]) => !drop.has(name)));
}

/**
 * A mock API on host:port that keeps answering while the spec changes: a small proxy in front of
 * Prism. serve(spec) starts a new Prism on that spec (JSON text) on a free port, switches the
 * proxy to it once it listens, then stops the old one when its requests are done. Requests that
 * arrive before the first Prism listens wait for it. Only paths are proxied, to that Prism alone:
 * an absolute-form or `*` target, a malformed one (see badTarget) or one Node's parser refuses
 * gets a 4xx in the API's Error shape, and the proxy goes on serving.
 */
export async function mockServer({ host = "127.0.0.1", port = 4010, say = console.log } = {}) {
  const agent = new Agent({ keepAlive: true });
  let current = null;
  let first;
  const ready = new Promise((done) => (first = done));
  const server = createGuardedServer(async (req, res) => {
    const bad = badTarget(req.url);
    if (bad) return refuse(res, bad.status, bad.message, apiError);
    const prism = current ?? (await ready);
    if (!prism) return refuse(res, 503, "the mock did not start; see the dev output", apiError);
    prism.active++;
    res.once("close", () => --prism.active || prism.idle?.());
    // host and port are Prism's own, whatever the target says
    const upstream = request({ ...prism.address, path: req.url, method: req.method, headers: endToEnd(req.headers), agent }, (answer) => {
      try {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      } catch (err) {
        answer.destroy();
        return refuse(res, 502, `mock: ${err.message}`, apiError);
      }
      // a client gone mid-answer ends the upstream request too
      pipeline(answer, res, () => {});
    });
    upstream.on("error", (err) => refuse(res, 502, `mock: ${err.message}`, apiError));
    // a client that resets mid-body ends the upstream request, which Prism would wait on
    pipeline(req, upstream, (err) => err && upstream.destroy());
  }, apiError);
  await new Promise((done, fail) => {
    server.once("error", fail);
    server.listen(port, host, done);
  });
  // each Prism gets its own copy of the spec, which nothing rewrites while it serves it
  const dir = mkdtempSync(join(tmpdir(), "dev-mock-"));

  let wanted = null;
  let swapping = null;
  let closed = false;
  let count = 0;
  const retire = async (prism) => {
    // let the requests it is answering finish, but not forever
    if (prism.active) await new Promise((done) => ((prism.idle = done), setTimeout(done, 5_000)));
    await prism.stop();
    rmSync(prism.file, { force: true });
  };
  const swap = async () => {
    while (wanted !== null && !closed) {
      const spec = wanted;
      wanted = null;
      if (spec === current?.spec) continue;
      const file = join(dir, `openapi-${++count}.json`);
      writeFileSync(file, spec);
      const started = performance.now();
      let prism;
      try {
        const mock = await startMock({ host, spec: file });
        const { hostname, port } = new URL(mock.url);
        prism = { ...mock, address: { host: hostname, port: Number(port) }, spec, file, active: 0 };
      } catch (err) {
        rmSync(file, { force: true });
        say(`dev: Prism did not start on the new spec; the mock ${current ? "keeps serving the previous one" : "answers 503"}\n${err.message}`);
        if (!current) first(null);
        continue;
      }
      if (closed) {
        await retire(prism);
        break;
      }
      const old = current;
      current = prism;
      first(prism);
      say(`dev: mock serves the ${old ? "new " : ""}spec from Prism at ${prism.url} (started in ${Math.round(performance.now() - started)} ms)`);
      if (old) retire(old);
    }
    swapping = null;
  };
  return {
    url: `http://${host}:${server.address().port}`,
    /** Serves `spec` (the bundled spec as JSON text) from now on; resolves once it does. */
    serve(spec) {
      if (typeof spec !== "string") return Promise.resolve();
      wanted = spec;
      swapping ??= swap();
      return swapping;
    },
    /** Stops the proxy and every Prism it started. */
    async close() {
      closed = true;
      server.close();
      server.closeAllConnections();
      await swapping;
      if (current) await retire(current);
      agent.destroy();
      rmSync(dir, { recursive: true, force: true });
    },
  };
}

/**
 * Calls `onEvent(name)` for every change to an entry of `dir` or, with `recursive`, of any folder
 * below it. Folders are watched, never files: on Linux a watch follows an inode, and an editor
 * that saves by writing a new file and renaming it over the old one leaves a file's watch on the
 * old inode (Node 20's own `recursive: true` watches files that way and goes deaf after one such
 * save). Returns { close }.
 */
export function watchFolders(dir, onEvent, { recursive = true } = {}) {
  const watchers = new Map();
  const scan = () => {
    let folders = [dir];
    try {
      if (recursive) folders.push(...readdirSync(dir, { recursive: true, withFileTypes: true }).filter((e) => e.isDirectory()).map((e) => join(e.parentPath ?? e.path, e.name)));
    } catch {
      folders = [];
    }
    for (const folder of folders) {
      if (watchers.has(folder)) continue;
      try {
        const watcher = watch(folder, (type, name) => {
          // an entry came or went: maybe a folder, which needs its own watch
          if (type === "rename" && recursive) scan();
          onEvent(name);
        });
        watcher.on("error", () => {
          watcher.close();
          watchers.delete(folder);
        });
        watchers.set(folder, watcher);
      } catch {}
    }
    for (const [folder, watcher] of watchers) {
      if (!folders.includes(folder)) {
        watcher.close();
        watchers.delete(folder);
      }
    }
  };
  scan();
  return { close: () => watchers.forEach((w) => w.close()) };
}

function portOption(value, fallback) {
  if (value === undefined) return fallback;
  const port = Number(value);
  if (!Number.isInteger(port) || port < 0 || port > 65535) throw new Error(`not a port: ${value}`);
  return port;
}

async function main() {
  // our own lines bypass the capture of the CLI's output during lint and build-docs
  const out = process.stdout.write.bind(process.stdout);
  const err = process.stderr.write.bind(process.stderr);
  const say = (text) => out(`${text}\n`);
  const complain = (text) => err(`${text}\n`);

  const { values } = parseArgs({ options: { "docs-port": { type: "string" }, "mock-port": { type: "string" }, "no-serve": { type: "boolean" } } });
  const serving = !values["no-serve"];
  const docsPort = portOption(values["docs-port"], 8080);
  const mockPort = portOption(values["mock-port"], 4010);

  let docs = null;
  let mock = null;
  if (serving) {
    docs = await serveDocs({ port: docsPort });
    mock = await mockServer({ port: mockPort, say });
    say(`dev: docs page  ${docs.url}\ndev: mock API   ${mock.url}  (any bearer token; Prefer: code=404 picks a declared status)`);
  }

  let checker = null;
  let checking = false;
  let recheck = false;
  const typecheck = async () => {
    if (!existsSync(resolve(root, "tsconfig.json"))) {
      say("dev: typecheck skipped, no tsconfig.json");
      return;
    }
    if (checking) {
      recheck = true;
      return;
    }
    checking = true;
    checker ??= typechecker();
    try {
      for (;;) {
        recheck = false;
        const result = await checker.check();
        // a result about a generated/ that has since been rewritten is not worth printing
        if (recheck) continue;
        if (result.ok) say(`dev: typecheck ok in ${result.ms} ms`);
        else complain(`${result.text.trimEnd()}\ndev: typecheck failed in ${result.ms} ms (${result.errors} error${result.errors === 1 ? "" : "s"})`);
        break;
      }
    } catch (e) {
      complain(`dev: typecheck could not run: ${e.message}`);
      checker = null;
    } finally {
      checking = false;
    }
  };

  let mockFed = false;
  let changedSince = null; // when the first save not yet regenerated happened
  let timer = null;
  let running = null;
  let stopping = false;
  const regenerateNow = async () => {
    if (running || changedSince === null || stopping) return;
    const since = changedSince;
    changedSince = null;
    let result;
    running = regenerate({ superseded: () => changedSince !== null });
    try {
      result = await running;
    } catch (e) {
      result = { ok: false, step: "regenerate", lines: [e.stack ?? String(e)], written: [] };
    }
    running = null;
    if (result.superseded) {
      // the newer save's own timer, or the check below, runs it; its time counts from this one
      changedSince = Math.min(since, changedSince ?? since);
    } else if (result.ok) {
      for (const line of result.lines) say(`dev: ${line}`);
      say(`dev: ${result.written.length ? `wrote ${result.written.join(", ")}` : "nothing changed in generated/ or site/"}`);
      const { lint, generate, docs: page } = result.times;
      say(`dev: regenerated in ${Math.round(performance.now() - since)} ms (lint ${lint} ms, generate ${generate} ms, docs ${page} ms)`);
      mock?.serve(result.bundle);
      mockFed = true;
      typecheck();
    } else {
      for (const line of result.lines) complain(`dev: ${line}`);
      const what = result.step === "lint" ? `lint found ${result.errors} error${result.errors === 1 ? "" : "s"}` : `${result.step} failed`;
      complain(`dev: ${what}; generated/ and site/ keep the last good spec`);
    }
    if (changedSince !== null && !stopping) {
      clearTimeout(timer);
      timer = setTimeout(regenerateNow, DEBOUNCE_MS);
    }
  };
  const onSave = () => {
    changedSince ??= performance.now();
    clearTimeout(timer);
    timer = setTimeout(regenerateNow, DEBOUNCE_MS);
  };

  // editors' swap and backup files are not part of the spec
  const scratch = /^(\.#|#)|~$|\.sw[a-p]$|^\d+$/;
  const watchers = [
    watchFolders(resolve(root, "openapi"), (file) => (file && scratch.test(file) ? null : onSave())),
    watchFolders(root, (file) => (file === "redocly.yaml" || file === "package.json" ? onSave() : null), { recursive: false }),
  ];
  say(`dev: watching openapi/, redocly.yaml and package.json`);

  const stop = async (signal) => {
    if (stopping) return;
    stopping = true;
    say(`dev: ${signal}, stopping`);
    clearTimeout(timer);
    for (const w of watchers) w.close();
    await running?.catch(() => {});
    await Promise.all([docs?.close(), mock?.close(), checker?.close()]);
    say("dev: stopped");
    process.exit(0);
  };
  // any other way out (an uncaught exception, SIGKILL) still ends Prism: see startMock
  for (const signal of ["SIGINT", "SIGTERM", "SIGHUP"]) process.on(signal, () => stop(signal));

  // the first run counts from the start of this process
  changedSince = 0;
  await regenerateNow();
  // with a broken spec at start, the mock serves the last good bundle: the one in generated/
  if (mock && !mockFed) {
    if (existsSync(BUNDLE)) mock.serve(readFileSync(BUNDLE, "utf8"));
    else say("dev: no generated/openapi.json yet; the mock starts with the first good save");
  }
}

if (!isMainThread && workerData?.role === "typecheck") {
  await typecheckWorker();
} else if (process.argv[1] === self) {
  main().catch((err) => {
    console.error(`dev: ${err.message}`);
    process.exit(1);
  });
}
