// Consumer bundle size: esbuild minified + gzip -9 of a program that calls every operation.
import { budgetGzipBytes, CONSUMER_NAMES, consumerBundleSize, OPERATIONS } from "../bundle-size.mjs";
import { say, table } from "./stats.mjs";

/** Measures each consumer and checks this client's against its budget. */
export async function bundleSizes() {
  const BUDGET_GZIP_BYTES = budgetGzipBytes(OPERATIONS.length);
  say("");
  say("consumer bundle: esbuild bundle + minify, format esm, platform neutral (mainFields module, main), gzip -9");
  const labels = { client: "this client (4 operations)", "openapi-fetch": "bare openapi-fetch (1 call)", sdk: "official SDK (4 operations)" };
  const sizes = {};
  for (const name of CONSUMER_NAMES) sizes[name] = await consumerBundleSize(name);
  const pass = sizes.client.gzip <= BUDGET_GZIP_BYTES;
  table(
    ["consumer", "minified B", "gzip B", "gzip KB", "Node built-ins"],
    CONSUMER_NAMES.map((name) => {
      const s = sizes[name];
      return [labels[name], s.minified, s.gzip, (s.gzip / 1024).toFixed(1), s.externalImports.join(" ") || "none"];
    }),
  );
  say(`target: this client <= ${BUDGET_GZIP_BYTES} B gzip: ${sizes.client.gzip} B ${pass ? "PASS" : "MISS"}`);
  return { sizes, budget: BUDGET_GZIP_BYTES, pass };
}

