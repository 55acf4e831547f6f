// The generated modules laid out by Biome, the project's formatter, with the project's own settings
// (biome.jsonc's `formatter` and `javascript.formatter`): TypeScript's printer writes correct code in
// its own layout (four spaces, an object on one line however long), Biome gives it the layout of the
// rest of the code. Through Biome's command line, the version package.json pins (`biome format
// --write`), run once for all the modules in a folder of its own: about 0.15 s and 40 MB in a process
// of its own. Biome's WebAssembly build (@biomejs/js-api) was tried first: it is published a version
// behind the CLI (2.5 against 2.6), and loading it cost a cold generate 1 s of CPU and 150 MB more.
import { execFile } from "node:child_process";
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { packageBin } from "../shared/processes.mjs";
import { ts } from "./print.mjs";

/** What Biome could not format (a module the printer wrote that is not valid code), or a Biome that did not run. */
export class FormatError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "FormatError";
  }
}

/**
 * The project's formatting settings: biome.jsonc's (or biome.json's) formatter sections at `root`,
 * none (Biome's defaults) where it has no such file. Only these: the rest (which files, the linter,
 * git) is the project's own run of Biome, whose `files.includes` leaves generated/ to this step.
 * @param {string} root
 */
function settings(root) {
  const file = ["biome.jsonc", "biome.json"].map((name) => resolve(root, name)).find((path) => existsSync(path));
  if (!file) return {};
  const { config, error } = ts().parseConfigFileTextToJson(file, readFileSync(file, "utf8"));
  if (error || typeof config !== "object" || config === null) throw new FormatError(`${file}: not JSON with comments`);
  const javascript = config.javascript?.formatter ? { javascript: { formatter: config.javascript.formatter } } : {};
  return { ...(config.formatter ? { formatter: config.formatter } : {}), ...javascript };
}

/**
 * The file the `biome` command runs, as @biomejs/biome's package.json `bin` names it: the path npm
 * links into node_modules/.bin, run here with this node.
 */
function biomeBin() {
  const { file, manifest } = packageBin("@biomejs/biome", "biome");
  if (!file) throw new FormatError(`${manifest} names no biome command in its bin`);
  return file;
}

/**
 * Runs `biome format --write` over `dir`, with the settings in `dir`'s biome.json: what Biome said
 * where it failed, else nothing.
 * @param {string} dir
 * @returns {Promise<string | undefined>}
 */
function formatFolder(dir) {
  const args = [biomeBin(), "format", "--write", "--no-errors-on-unmatched", `--config-path=${dir}`, dir];
  return new Promise((done) =>
    execFile(process.execPath, args, { timeout: 120_000, maxBuffer: 4 << 20 }, (error, _stdout, stderr) =>
      done(error ? String(stderr) || error.message : undefined),
    ),
  );
}

/** Each module's last printed text and settings, and Biome's layout of it: `npm run dev` renders on every
 * save, and a save changes few modules; one whose text is as last time is not given to Biome again. */
/** @type {Map<string, { key: string, text: string }>} */
const laid = new Map();

/**
 * The files laid out by Biome, in place: each of `paths` that `files` holds, in one run of Biome (none
 * where every module is as this process last laid it out).
 * @param {Map<string, string>} files absolute path -> content
 * @param {string[]} paths the TypeScript modules to format
 * @param {string} root the project, whose biome.jsonc gives the settings
 */
export async function formatModules(files, paths, root) {
  const wanted = JSON.stringify(settings(root));
  /** @type {string[]} */
  const modules = [];
  /** @type {string[]} */
  const keys = [];
  for (const path of paths) {
    const text = files.get(path);
    if (text === undefined) continue;
    const key = `${wanted}\n${text}`;
    const last = laid.get(path);
    if (last?.key === key) files.set(path, last.text);
    else modules.push(path), keys.push(key);
  }
  if (!modules.length) return;
  const dir = mkdtempSync(join(tmpdir(), "generate-format-"));
  try {
    writeFileSync(join(dir, "biome.json"), wanted);
    // each module under its index, so that two modules of the same name cannot meet
    modules.forEach((path, i) => writeFileSync(join(dir, `${i}.ts`), /** @type {string} */ (files.get(path))));
    const failed = await formatFolder(dir);
    if (failed !== undefined) {
      // Biome names the file and the place it could not read: the module's own path, its first lines
      const said = modules.reduce((text, path, i) => text.replaceAll(join(dir, `${i}.ts`), path), failed);
      const lines = said.split("\n").filter((line) => line.trim());
      throw new FormatError(`Biome could not format the generated modules:\n${lines.slice(0, 8).join("\n")}`);
    }
    modules.forEach((path, i) => {
      const text = readFileSync(join(dir, `${i}.ts`), "utf8");
      files.set(path, text);
      laid.set(path, { key: /** @type {string} */ (keys[i]), text });
    });
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
}
