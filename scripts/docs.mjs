#!/usr/bin/env node
// Renders the docs page from openapi/ into site/index.html: one file, scripts inlined, so it
// opens offline. Also exports the Redocly CLI's own lint and build-docs, loaded in-process, for
// scripts/dev.mjs.
//   node scripts/docs.mjs
import { execFile } from "node:child_process";
import { readFileSync, renameSync, rmSync, statSync, writeFileSync } from "node:fs";
import { dirname, relative, resolve } from "node:path";
import { fileURLToPath, pathToFileURL } from "node:url";
import { promisify } from "node:util";

const root = resolve(dirname(fileURLToPath(import.meta.url)), "..");
/** The api in redocly.yaml that the page documents. */
export const API = "browser-cloud";
/** Where the page goes. */
export const OUTPUT = resolve(root, "site/index.html");
const CONFIG = resolve(root, "redocly.yaml");
const CLI_LIB = resolve(root, "node_modules/@redocly/cli/lib");
const env = { ...process.env, REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" };

let loaded;
/**
 * The `@redocly/cli` that `redocly lint` and `redocly build-docs` run, loaded into this process:
 * `{ loadConfig, handleLint, handlerBuildCommand }`, or null when its bundle is laid out
 * differently than expected (then callers run the CLI as a child process).
 * The CLI bundles its own @redocly/openapi-core (2.x, newer rules than the 1.34 at top level), so
 * only these give the same verdict and page as the CLI. Its chunks are named by hash; the CLI's
 * entry point says which chunk holds which command and which export is its config loader.
 */
export async function redoclyCli() {
  if (loaded) return loaded;
  loaded = (async () => {
    Object.assign(process.env, { REDOCLY_TELEMETRY: "off", REDOCLY_SUPPRESS_UPDATE_NOTICE: "true" });
    const index = readFileSync(resolve(CLI_LIB, "index.js"), "utf8");
    const chunk = (name) => index.match(new RegExp(`\\{${name}:[\\w$]+\\}=await import\\("(\\./chunks/\\w+\\.js)"\\)`))?.[1];
    // the loader is what the CLI awaits with { configPath: argv.config, customExtends: argv.extends }
    const local = index.match(/await ([\w$]+)\(\{configPath:\w+\.config,customExtends:/)?.[1];
    let loader;
    for (const [, names, from] of index.matchAll(/import\{([^}]*)\}from"(\.\/chunks\/\w+\.js)"/g)) {
      for (const pair of names.split(",")) {
        const [exported, as] = pair.split(" as ");
        if (as === local) loader = [from, exported];
      }
    }
    const lint = chunk("handleLint");
    const docs = chunk("handlerBuildCommand");
    if (!lint || !docs || !loader) return null;
    const load = (file) => import(pathToFileURL(resolve(CLI_LIB, file)).href);
    const modules = await Promise.all([load(lint), load(docs), load(loader[0])]).catch(() => null);
    if (!modules) return null;
    const [{ handleLint }, { handlerBuildCommand }, core] = modules;
    const loadConfig = core[loader[1]];
    if (typeof handleLint !== "function" || typeof handlerBuildCommand !== "function" || typeof loadConfig !== "function") return null;
    // a config that cannot answer forAlias is not the loader we were looking for
    const probe = await loadConfig({ configPath: CONFIG });
    if (typeof probe?.forAlias !== "function") return null;
    return { loadConfig, handleLint, handlerBuildCommand };
  })();
  // a redocly.yaml that does not load fails the probe; try again with the next call
  loaded.catch(() => (loaded = undefined));
  return loaded;
}

/**
 * Runs `fn` with everything written to stdout and stderr held back (the CLI's handlers print
 * banners and progress); resolves to { value, output }, or rejects with `error.output` set.
 */
export async function withOutputCaptured(fn) {
  const held = [];
  const { stdout, stderr } = process;
  const writes = [stdout.write, stderr.write];
  const hold = (chunk, encoding, done) => {
    held.push(String(chunk));
    (typeof encoding === "function" ? encoding : done)?.();
    return true;
  };
  stdout.write = stderr.write = hold;
  try {
    const value = await fn();
    return { value, output: held.join("") };
  } catch (err) {
    err.output = held.join("");
    throw err;
  } finally {
    [stdout.write, stderr.write] = writes;
  }
}

// redoc 3 draws its "API docs by" footer logo from a cdn, the page's one request off the machine,
// and has no option to drop it: point it at an empty inline svg so the page works offline
const CDN_LOGO = /https:\/\/cdn\.redoc\.ly\/redoc\/logo-mini(?:-full)?\.svg/g;
const EMPTY_SVG = "data:image/svg+xml,%3Csvg xmlns='http://www.w3.org/2000/svg'/%3E";

/** Rewrites the page at `file` so that it requests nothing off the machine. */
function offline(file) {
  const html = readFileSync(file, "utf8");
  if (!CDN_LOGO.test(html)) throw new Error("the redoc cdn logo address is gone from the page; drop offline() from scripts/docs.mjs");
  writeFileSync(file, html.replace(CDN_LOGO, EMPTY_SVG));
}

/**
 * Renders the docs page into `output` (default site/index.html) and returns its size in bytes.
 * Writes a temporary file next to it and renames it, so a server never reads half a page and a
 * failed render leaves the old page. `config` is a config from `redoclyCli().loadConfig`, loaded
 * anew when not given. Without the CLI in-process, runs `redocly build-docs` instead.
 */
export async function buildDocs({ config, output = OUTPUT } = {}) {
  const tmp = `${output}.${process.pid}.tmp`;
  try {
    const cli = await redoclyCli();
    if (cli) {
      config ??= await cli.loadConfig({ configPath: CONFIG });
      const argv = { api: API, o: tmp, inlineBundle: true, config: CONFIG, templateOptions: {} };
      await withOutputCaptured(() => cli.handlerBuildCommand({ argv, config, collectSpecData: () => {} }));
    } else {
      await promisify(execFile)(resolve(root, "node_modules/.bin/redocly"), ["build-docs", API, "--inlineBundle", "--output", tmp], { cwd: root, env });
    }
    offline(tmp);
    renameSync(tmp, output);
  } finally {
    rmSync(tmp, { force: true });
  }
  return statSync(output).size;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) {
  try {
    const size = await buildDocs();
    console.log(`docs: wrote ${relative(root, OUTPUT)} (${Math.round(size / 1024)} KiB)`);
  } catch (err) {
    console.error(`docs: build-docs failed: ${err.message}${err.output ? `\n${err.output}` : ""}${err.stderr ? `\n${err.stderr}` : ""}`);
    process.exit(1);
  }
}
