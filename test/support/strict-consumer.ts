// A user's program compiled strictly against a generated copy of the project: the copy's dist/ is
// built, then `source` is type-checked with strict, exactOptionalPropertyTypes and
// noUncheckedIndexedAccess. Returns tsc's output: "" when it compiles.
import { execFileSync } from "node:child_process";
import { writeFileSync } from "node:fs";
import { join } from "node:path";
import { toolEnv } from "../../scripts/lib/shared/env.mjs";
import { root } from "../../scripts/lib/shared/paths.mjs";

/** The compiler options a strict user of the package compiles with. */
export const STRICT_OPTIONS = {
  target: "ES2022",
  module: "NodeNext",
  moduleResolution: "NodeNext",
  lib: ["ES2022", "DOM"],
  types: [],
  strict: true,
  exactOptionalPropertyTypes: true,
  noUncheckedIndexedAccess: true,
  noEmit: true,
};

/** tsc's output for `source` (written as `consumer.ts` in `dir`), compiled against `dir`'s dist/. */
export function strictConsumerErrors(dir: string, source: string): string {
  execFileSync(process.execPath, ["-e", 'import("./scripts/lib/build/emit-dist.mjs").then((m) => m.compile())'], {
    cwd: dir,
    env: toolEnv(),
  });
  writeFileSync(join(dir, "consumer.ts"), source);
  writeFileSync(
    join(dir, "tsconfig.consumer.json"),
    JSON.stringify({
      // the package's own .d.ts files are held to skipLibCheck: false by test/package/; here only their types matter
      compilerOptions: { ...STRICT_OPTIONS, skipLibCheck: true },
      files: ["consumer.ts"],
    }),
  );
  try {
    return execFileSync(join(root, "node_modules/.bin/tsc"), ["-p", "tsconfig.consumer.json"], {
      cwd: dir,
      encoding: "utf8",
    });
  } catch (err) {
    return (err as { stdout: string }).stdout;
  }
}
