// Consumer bundle size: esbuild minified + gzip -9 of a program that calls every operation, at
// this repo's size and at the real service's (the synthetic spec's 133 operations), with where
// the bytes go (esbuild's metafile).
import { join } from "node:path";
import { pathToFileURL } from "node:url";
import { CONSUMER_NAMES, consumerBundleSize, OPERATIONS } from "../bundle-size.mjs";
import { bundleBudgetGzipBytes, judge } from "./budgets.mjs";
import { say, table } from "./stats.mjs";
import { syntheticProject } from "./synthetic.mjs";

/** The real service's operation count, the size the grown bundle goal is set at. */
export const SERVICE_OPERATIONS = 133;

// the groups a bundle's bytes are told in: the libraries, the client's own code, the generated table
// and schemas (which grow with the spec), and the consumer's own calls
/** @type {[string, (file: string) => boolean][]} */
const GROUPS = [
  ["openapi-fetch", (f) => f.includes("node_modules/openapi-fetch/")],
  ["eventsource-parser", (f) => f.includes("node_modules/eventsource-parser/")],
  ["generated/operations.ts (the table)", (f) => f === "generated/operations.ts"],
  ["generated/validators.ts (the schemas)", (f) => f === "generated/validators.ts"],
  ["generated/ other", (f) => f.startsWith("generated/")],
  ["src/ checks (compile, formats, validation, answer)", (f) => /^src\/(compile|formats|validation|answer)\./.test(f)],
  ["src/ lists, streams, uploads", (f) => /^src\/(pages|event-|stream-|form-body)/.test(f)],
  ["src/ transport, errors, config, the rest", (f) => f.startsWith("src/")],
  ["the consumer's calls", () => true],
];

/** Minified bytes by group, largest first: [label, bytes, share][]. */
function whereBytesGo(/** @type {Record<string, number>} */ inputs, /** @type {number} */ minified) {
  const sums = new Map(GROUPS.map(([label]) => [label, 0]));
  for (const [file, bytes] of Object.entries(inputs)) {
    const [label] = /** @type {[string, unknown]} */ (GROUPS.find(([, match]) => match(file)));
    sums.set(label, sums.get(label) + bytes);
  }
  return [...sums]
    .filter(([, b]) => b > 0)
    .sort((a, b) => b[1] - a[1])
    .map(([label, bytes]) => [label, bytes, `${((100 * bytes) / minified).toFixed(1)} %`]);
}

/** Measures each consumer and the 133-operation client, and judges both client sizes against their goals (budgets.mjs). */
export async function bundleSizes() {
  say("");
  say("consumer bundle: esbuild bundle + minify, format esm, platform neutral (mainFields module, main), gzip -9");
  const labels = {
    client: `this client (${OPERATIONS.length} operations)`,
    "openapi-fetch": "bare openapi-fetch (1 call)",
    sdk: "official SDK (4 operations)",
  };
  const sizes = {};
  for (const name of CONSUMER_NAMES) sizes[name] = await consumerBundleSize(name);
  say(`consumer bundle: generating the synthetic spec's client at ${SERVICE_OPERATIONS} operations`);
  const copy = syntheticProject(SERVICE_OPERATIONS);
  try {
    const grownModule = await import(pathToFileURL(join(copy.dir, "scripts/bundle-size.mjs")).href);
    sizes.grown = await grownModule.consumerBundleSize("client");
  } finally {
    copy.remove();
  }
  labels.grown = `this client (${SERVICE_OPERATIONS} operations, synthetic spec)`;
  const names = [...CONSUMER_NAMES, "grown"];
  table(
    ["consumer", "minified B", "gzip B", "gzip KB", "Node built-ins"],
    names.map((name) => {
      const s = sizes[name];
      return [labels[name], s.minified, s.gzip, (s.gzip / 1024).toFixed(1), s.externalImports.join(" ") || "none"];
    }),
  );
  for (const name of ["client", "grown"]) {
    say("");
    say(`where the bytes go, ${labels[name]}: minified bytes by source (gzip shrinks each part differently)`);
    table(["part", "minified B", "share"], whereBytesGo(sizes[name].inputs, sizes[name].minified));
  }
  const target = judge("bundle.repo", sizes.client.gzip, true, bundleBudgetGzipBytes(OPERATIONS.length));
  const grown = judge("bundle.grown", sizes.grown.gzip);
  say(`target: this client ${target.text}`);
  say(`target: at ${SERVICE_OPERATIONS} operations ${grown.text}`);
  return { sizes, target, grown };
}
