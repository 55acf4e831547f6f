// The client bundled for Node, as the request, page and checker benchmarks load it: one file, so
// that what is measured is the code, not the module loader.
/**
 * Bundles `entry` (a file, or `{ contents, resolveDir }` of TypeScript) into `outfile`, ESM for Node 20.
 * @param {string | { contents: string, resolveDir: string }} entry
 * @param {string} outfile
 * @returns {Promise<void>}
 * @example
 * await nodeBundle(fromRoot("src/index.ts"), "/tmp/client.mjs");
 */
export async function nodeBundle(entry, outfile) {
  // loaded on first use: most bench parts never bundle
  const { build } = await import("esbuild");
  const input =
    typeof entry === "string" ? { entryPoints: [entry] } : { stdin: { ...entry, loader: /** @type {const} */ ("ts") } };
  await build({
    ...input,
    bundle: true,
    format: "esm",
    platform: "node",
    target: "node20",
    outfile,
    logLevel: "silent",
  });
}
