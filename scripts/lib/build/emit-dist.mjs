// Compile: src/ and generated/ into dist/, the package `npm pack` ships.
import { execFile } from "node:child_process";
import { copyFileSync, mkdirSync, rmSync } from "node:fs";
import { promisify } from "node:util";
import { fromRoot, root } from "../shared/paths.mjs";

/**
 * Compiles src/ and generated/ into dist/: ESM, .d.ts and source maps, plus the spec. dist/ is
 * emptied first.
 * @returns {Promise<{ ms: number }>}
 * @example
 * await compile(); // dist/src/index.js, dist/src/index.d.ts, dist/openapi.json
 */
export async function compile() {
  const started = performance.now();
  rmSync(fromRoot("dist"), { recursive: true, force: true });
  try {
    await promisify(execFile)(
      process.execPath,
      [fromRoot("node_modules/typescript/bin/tsc"), "-p", "tsconfig.build.json"],
      { cwd: root },
    );
  } catch (err) {
    const { stdout = "", stderr = "" } = /** @type {{ stdout?: string, stderr?: string }} */ (err);
    throw new Error(`tsc -p tsconfig.build.json failed\n${stdout}${stderr}`);
  }
  // tsc emits no copy of a .d.ts input, and the types in dist/ import it
  mkdirSync(fromRoot("dist/generated"), { recursive: true });
  copyFileSync(fromRoot("generated/schema.d.ts"), fromRoot("dist/generated/schema.d.ts"));
  // the exact spec the client was built from, exported as browser-cloud-client/openapi.json
  copyFileSync(fromRoot("generated/openapi.json"), fromRoot("dist/openapi.json"));
  return { ms: Math.round(performance.now() - started) };
}
