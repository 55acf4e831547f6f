// Where things are: the repository root and the files the pipeline reads and writes, found from
// this file's own location, so any checkout path works (spaces, %20 and # included).
import { dirname, resolve } from "node:path";
import { fileURLToPath } from "node:url";

/** The repository root: the folder that holds scripts/. */
export const root = resolve(dirname(fileURLToPath(import.meta.url)), "../../..");

/** The one config that drives lint, codegen and docs. */
export const CONFIG = resolve(root, "redocly.yaml");

/** The spec as generated/ holds it, bundled with its `$ref`s kept. */
export const BUNDLE = resolve(root, "generated/openapi.json");

/** The docs page. */
export const DOCS_PAGE = resolve(root, "site/index.html");

/**
 * An absolute path inside the repository.
 * @param {...string} parts path segments below the root
 * @returns {string}
 * @example
 * fromRoot("openapi", "openapi.yaml"); // /path/to/checkout/openapi/openapi.yaml
 */
export const fromRoot = (...parts) => resolve(root, ...parts);

/**
 * Whether the module at `url` is the script node was started with (not an import).
 * @param {string} url the caller's `import.meta.url`
 * @returns {boolean}
 * @example
 * if (isMain(import.meta.url)) await main();
 */
export const isMain = (url) => process.argv[1] !== undefined && resolve(process.argv[1]) === fileURLToPath(url);
