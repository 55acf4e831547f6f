// The generated modules laid out by Biome, the project's formatter, with the project's own settings
// (biome.jsonc's `formatter` and `javascript.formatter`): TypeScript's printer writes correct code
// in its own layout (four spaces, an object on one line however long), Biome gives it the layout of
// the rest of the code. Through Biome's JavaScript API (@biomejs/js-api over its WebAssembly build),
// loaded on first use and kept: its first load costs about 0.4 s, each module after a few ms.
import { existsSync, readFileSync } from "node:fs";
import { resolve } from "node:path";
import { ts } from "./print.mjs";

/** What Biome said it could not format: a module the printer wrote that is not valid code. */
export class FormatError extends Error {
  /** @param {string} message */
  constructor(message) {
    super(message);
    this.name = "FormatError";
  }
}

/** @type {Promise<(path: string, text: string) => string> | undefined} */
let formatter;

/**
 * The project's formatting settings: biome.jsonc's (or biome.json's) formatter sections at `root`,
 * none (Biome's defaults) where it has no such file. Only these: the rest (which files, the linter,
 * git) is the CLI's, and its `files.includes` leaves generated/ to this step.
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
 * The function that formats a module's text, Biome loaded once per process.
 * @param {string} root the project, whose biome.jsonc gives the settings
 */
function load(root) {
  formatter ??= (async () => {
    const { Biome } = await import("@biomejs/js-api/nodejs");
    const biome = new Biome();
    const { projectKey } = biome.openProject(root);
    biome.applyConfiguration(projectKey, settings(root));
    return (/** @type {string} */ path, /** @type {string} */ text) => {
      const { content, diagnostics } = biome.formatContent(projectKey, text, { filePath: path });
      const errors = diagnostics.filter((d) => d.severity === "error" || d.severity === "fatal");
      if (errors.length) throw new FormatError(`${path}: Biome could not format it (${errors.length} errors)`);
      return content;
    };
  })();
  return formatter;
}

/**
 * The files laid out by Biome, in place: each of `paths` that `files` holds.
 * @param {Map<string, string>} files absolute path -> content
 * @param {string[]} paths the TypeScript modules to format
 * @param {string} root the project
 */
export async function formatModules(files, paths, root) {
  const format = await load(root);
  for (const path of paths) {
    const text = files.get(path);
    if (text !== undefined) files.set(path, format(path, text));
  }
}
