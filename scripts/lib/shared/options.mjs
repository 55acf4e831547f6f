// A command's arguments, read the one way every command reads them: node:util `parseArgs`, plus
// `--help` (`-h`), which prints the command's usage line and exits 0, and a refused argument named
// beside that usage, which exits 2 (or throws the command's own error).
import { parseArgs } from "node:util";

/**
 * `parseArgs(config)`, with `--help` printing `usage` on stdout and ending the process with 0. An
 * argument parseArgs refuses is said on stderr with `usage` and ends the process with 2, or, given
 * `error`, is thrown as `error(message)`'s error, its message ending with `usage`.
 * @template {import("node:util").ParseArgsConfig} T
 * @param {string} usage the command's usage line, "usage: node scripts/… [--flag]"
 * @param {T} config
 * @param {(message: string) => Error} [error] the command's own error, for a command that reports its errors itself
 * @returns {ReturnType<typeof parseArgs<T>>}
 * @example
 * const { values } = parseOptions("usage: node scripts/generate.mjs [--check]", { options: { check: { type: "boolean" } } });
 */
export function parseOptions(usage, config, error) {
  let parsed;
  try {
    parsed = parseArgs({ ...config, options: { ...config.options, help: { type: "boolean", short: "h" } } });
  } catch (err) {
    const message = `${err instanceof Error ? err.message : err}; ${usage}`;
    if (error) throw error(message);
    process.stderr.write(`${message}\n`);
    process.exit(2);
  }
  if (/** @type {Record<string, unknown>} */ (parsed.values).help) {
    process.stdout.write(`${usage}\n`);
    process.exit(0);
  }
  return /** @type {ReturnType<typeof parseArgs<T>>} */ (/** @type {unknown} */ (parsed));
}
