// Consumer bundle size: esbuild minified + gzip -9 of a program that calls the client, at this
// repo's size and on the synthetic spec at the real service's 133 operations and at 300: through
// createClient() and through the standalone functions of browser-cloud-client/operations (every
// operation, and three JSON methods), beside Redocly's generated client, bare openapi-fetch and the
// vendor's SDK; where the bytes go (esbuild's metafile), and what one more operation costs.
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { consumerBundleSize, consumerParts, OPERATIONS } from "../bundle-size.mjs";
import { judge } from "./budgets.mjs";
import { say, table } from "./stats.mjs";
import { syntheticProject } from "./synthetic.mjs";

/** The real service's operation count, the size the bundle goals are set at. */
export const SERVICE_OPERATIONS = 133;
/** A larger synthetic spec, to tell what each operation adds. */
const LARGER = 300;

// the groups a bundle's bytes are told in: the libraries, the generated rows and schemas (which
// grow with the operations called), the client's own code by folder, and the consumer's own calls
/** @type {[string, (file: string) => boolean][]} */
const GROUPS = [
  ["openapi-fetch", (f) => f.includes("node_modules/openapi-fetch/")],
  ["eventsource-parser", (f) => f.includes("node_modules/eventsource-parser/")],
  ["generated/operations.ts (the rows)", (f) => f === "generated/operations.ts"],
  ["generated/validators.ts (the schemas)", (f) => f === "generated/validators.ts"],
  ["generated/ other (functions, resources, meta)", (f) => f.startsWith("generated/")],
  ["src/checks/ (compiler, formats, check)", (f) => f.startsWith("src/checks/")],
  [
    "src/lists, streams, uploads (the readers)",
    (f) => /^src\/((lists|streams|uploads)\/|client\/(media-type|query-string|call-headers)\.ts)/.test(f),
  ],
  ["src/core/ and client/ (transport, errors, config, method, client)", (f) => f.startsWith("src/")],
  ["Redocly's generated client", (f) => f.endsWith("client.ts") && !f.startsWith("src/")],
  ["the consumer's calls", () => true],
];

/** Minified bytes by group, largest first: [label, bytes, share][]. */
function whereBytesGo(/** @type {Record<string, number>} */ inputs, /** @type {number} */ minified) {
  const sums = new Map(GROUPS.map(([label]) => [label, 0]));
  for (const [file, bytes] of Object.entries(inputs)) {
    // the last group takes every file
    const [label] = /** @type {[string, unknown]} */ (GROUPS.find(([, match]) => match(file)));
    sums.set(label, (sums.get(label) ?? 0) + bytes);
  }
  return [...sums]
    .filter(([, b]) => b > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([label, bytes]) => [label, bytes, `${((100 * bytes) / minified).toFixed(1)} %`]);
}

/** The consumer whose runtime (its `src/` files gzipped together) and parts are weighed. */
const RUNTIME = "functions-json3";

/** The consumers measured on a synthetic copy, each by the copy's own scripts/bundle-size.mjs. */
const GROWN = ["client", "functions", "functions-json3", "redocly", "redocly-json3"];

/** @typedef {Awaited<ReturnType<typeof consumerBundleSize>>} BundleSize */

/**
 * Measures `names` in a synthetic copy of `operations` operations.
 * @param {number} operations
 * @param {string[]} names consumers of scripts/bundle-size.mjs
 * @returns {Promise<Record<string, BundleSize> & { runtime: { gzip: number } }>}
 */
async function grown(operations, names) {
  say(`consumer bundle: generating the synthetic spec's client at ${operations} operations`);
  const copy = syntheticProject(operations);
  try {
    // the copy's own module: this checkout's file, copied
    const { consumerBundleSize: size, consumerParts: parts } = /** @type {typeof import("../bundle-size.mjs")} */ (
      await import(pathToFileURL(join(copy.dir, "scripts/bundle-size.mjs")).href)
    );
    /** @type {Record<string, BundleSize>} */
    const sizes = {};
    for (const name of names) sizes[name] = await size(name);
    return Object.assign(sizes, { runtime: (await parts(RUNTIME)).runtime });
  } finally {
    copy.remove();
  }
}

const kb = (/** @type {number} */ bytes) => (bytes / 1024).toFixed(1);

/**
 * Measures every consumer at this repo's size and on the synthetic spec at 133 and 300 operations,
 * prints them in one table with where the bytes go, and judges the three bundle goals (budgets.mjs):
 * three JSON methods of 133 and all 133 through the standalone functions, and this repo's 4.
 */
export async function bundleSizes() {
  say("");
  say("consumer bundle: esbuild bundle + minify, format esm, platform neutral (mainFields module, main), gzip -9");
  /** @type {Record<string, BundleSize>} */
  const here = {};
  for (const name of ["client", "functions", "redocly", "openapi-fetch", "sdk"])
    here[name] = await consumerBundleSize(name);
  const at133 = await grown(SERVICE_OPERATIONS, GROWN);
  const at300 = await grown(LARGER, ["client", "functions", "redocly"]);

  const repo = judge("bundle.repo", here.functions.gzip);
  const json3 = judge("bundle.json3", at133["functions-json3"].gzip);
  const all = judge("bundle.all", at133.functions.gzip);
  const n = OPERATIONS.length;
  const cell = (/** @type {{ gzip: number } | undefined} */ s) => (s ? `${kb(s.gzip)} KB (${s.gzip} B)` : "–");
  const marginal = (/** @type {string} */ name) =>
    `${((at300[name].gzip - at133[name].gzip) / (LARGER - SERVICE_OPERATIONS)).toFixed(1)} B`;
  const headers = [
    "consumer, gzip -9",
    `this repo, ${n} operations called`,
    `${SERVICE_OPERATIONS} operations, 3 JSON methods called`,
    `${SERVICE_OPERATIONS} operations, all called`,
    `${LARGER} operations, all called`,
    "each operation more (133 → 300)",
  ];
  const mark = (/** @type {{ pass: boolean }} */ v, /** @type {string} */ text) =>
    `${text} ${v.pass ? "PASS" : "MISS"}`;
  const rows = [
    [
      "this client, standalone functions (browser-cloud-client/operations)",
      mark(repo, cell(here.functions)),
      mark(json3, cell(at133["functions-json3"])),
      mark(all, cell(at133.functions)),
      cell(at300.functions),
      marginal("functions"),
    ],
    [
      "this client, createClient() (every group)",
      cell(here.client),
      "– (holds every operation)",
      cell(at133.client),
      cell(at300.client),
      marginal("client"),
    ],
    [
      "Redocly's `generate-client` (@redocly/cli, experimental; no runtime checks)",
      cell(here.redocly),
      cell(at133["redocly-json3"]),
      cell(at133.redocly),
      cell(at300.redocly),
      marginal("redocly"),
    ],
    ["bare openapi-fetch (1 call)", cell(here["openapi-fetch"]), "–", "–", "–", "–"],
    ["the vendor's SDK, @onkernel/sdk (the 4 operations; it cannot shake)", cell(here.sdk), "–", "–", "–", "–"],
    ["goal (standalone functions)", repo.text, json3.text, all.text, "", "reported"],
  ];
  table(headers, rows);
  await sayWhereBytesGo(here, at133);
  for (const verdict of [repo, json3, all]) say(`target: ${verdict.what}: ${verdict.text}`);
  return { headers, rows };
}

/**
 * Where the bytes of the bundles go, by source file, and each file of the bundle calling this
 * repo's operations gzipped alone, with the runtime's share.
 * @param {Record<string, BundleSize>} here the consumers at this repo's size
 * @param {Record<string, BundleSize>} at133 at SERVICE_OPERATIONS operations
 */
async function sayWhereBytesGo(here, at133) {
  const n = OPERATIONS.length;
  /** @type {[string, BundleSize][]} */
  const parts = [
    [`this client, standalone functions, ${n} operations`, here.functions],
    [`this client, standalone functions, 3 JSON methods of ${SERVICE_OPERATIONS}`, at133["functions-json3"]],
    [`this client, standalone functions, all ${SERVICE_OPERATIONS}`, at133.functions],
    [`this client, createClient(), all ${SERVICE_OPERATIONS}`, at133.client],
  ];
  for (const [label, size] of parts) {
    say("");
    say(`where the bytes go, ${label}: minified bytes by source (gzip shrinks each part differently)`);
    table(["part", "minified B", "share"], whereBytesGo(size.inputs, size.minified));
  }
  const own = await consumerParts("functions");
  say("");
  say(
    `the runtime (src/ of the bundle gzipped together, without openapi-fetch): ${n} operations called ${own.runtime.gzip} B, 3 JSON methods of ${SERVICE_OPERATIONS} ${at133.runtime.gzip} B`,
  );
  say(`each file of the bundle calling this repo's ${n} operations, gzipped alone:`);
  table(
    ["file", "minified B", "gzip B"],
    Object.entries(own.parts)
      .sort((a, b) => b[1].gzip - a[1].gzip)
      .map(([file, { minified, gzip }]) => [file, minified, gzip]),
  );
}

/**
 * The bundle table as Markdown, for the README's Benchmarks section (report.mjs).
 * @param {{ headers: string[], rows: string[][] }} bundle what bundleSizes() returned
 */
export function bundleMarkdown({ headers, rows }) {
  const line = (/** @type {string[]} */ cells) => `| ${cells.join(" | ")} |`;
  return ["", line(headers), line(headers.map(() => "---")), ...rows.map(line)].join("\n");
}
