import { build } from "esbuild";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

// a program that checks one uuid, bundled as a consumer's would be: the format checks it does not reach stay out
async function bundle(contents: string): Promise<string> {
  const result = await build({
    stdin: { contents, resolveDir: fileURLToPath(new URL("../../../src/checks", import.meta.url)), loader: "ts" },
    bundle: true,
    minify: true,
    format: "esm",
    platform: "neutral",
    write: false,
    logLevel: "silent",
  });
  return result.outputFiles[0]!.text;
}

// each format's name is a string literal beside its check; email's regex has "@(?:", uuid's table is a Uint8Array
const MARKS = {
  date: ['"date"'],
  dateTime: ['"date-time"'],
  uuid: ['"uuid"', "Uint8Array"],
  email: ['"email"', "@(?:"],
};

describe("a bundle holds the format checks its schemas name, and no other", () => {
  it.each(Object.keys(MARKS) as (keyof typeof MARKS)[])("keeps %s's check for a schema of it alone", async (name) => {
    const code = await bundle(`
      import { check } from "./check.ts";
      import { ${name} } from "./formats.ts";
      export const issues = check({ type: ["string"], format: ${name} }, "x", "v");`);

    for (const [other, marks] of Object.entries(MARKS))
      for (const mark of marks) expect(code.includes(mark), `${other}: ${mark}`).toBe(other === name);
  });

  it("holds no format check for a schema without a format", async () => {
    const code = await bundle(`
      import { check } from "./check.ts";
      export const issues = check({ type: ["string"], minLength: 1 }, "x", "v");`);

    for (const mark of Object.values(MARKS).flat()) expect(code).not.toContain(mark);
  });
});
