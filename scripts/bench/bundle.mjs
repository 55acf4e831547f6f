// Consumer bundle size: esbuild minified + gzip -9 of a program that calls every operation.
import { CONSUMER_NAMES, consumerBundleSize, OPERATIONS } from "../bundle-size.mjs";
import { bundleBudgetGzipBytes, judge } from "./budgets.mjs";
import { say, table } from "./stats.mjs";

/** Measures each consumer and judges this client's against the bundle goal (budgets.mjs). */
export async function bundleSizes() {
  say("");
  say("consumer bundle: esbuild bundle + minify, format esm, platform neutral (mainFields module, main), gzip -9");
  const labels = { client: `this client (${OPERATIONS.length} operations)`, "openapi-fetch": "bare openapi-fetch (1 call)", sdk: "official SDK (4 operations)" };
  const sizes = {};
  for (const name of CONSUMER_NAMES) sizes[name] = await consumerBundleSize(name);
  table(
    ["consumer", "minified B", "gzip B", "gzip KB", "Node built-ins"],
    CONSUMER_NAMES.map((name) => {
      const s = sizes[name];
      return [labels[name], s.minified, s.gzip, (s.gzip / 1024).toFixed(1), s.externalImports.join(" ") || "none"];
    }),
  );
  const target = judge("bundle.repo", sizes.client.gzip, true, bundleBudgetGzipBytes(OPERATIONS.length));
  say(`target: this client ${target.text}`);
  return { sizes, target };
}

