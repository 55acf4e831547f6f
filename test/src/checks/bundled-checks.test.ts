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

// a mark of each check's code that minifying keeps: each format's name is a string literal beside its
// check, email's regex has "@(?:", uuid's table is a Uint8Array, multipleOf reads decimals with BigInt,
// uniqueItems says "repeats"
const MARKS = {
  date: ['"date"'],
  dateTime: ['"date-time"'],
  uuid: ['"uuid"', "Uint8Array"],
  email: ['"email"', "@(?:"],
  multipleOf: ["BigInt"],
  unique: ["repeats"],
};
// a schema that names one of them
const SCHEMAS: Record<keyof typeof MARKS, string> = {
  date: `F.date`,
  dateTime: `F.dateTime`,
  uuid: `F.uuid`,
  email: `F.email`,
  multipleOf: `{ multipleOf: [0.01, K.multipleOf] }`,
  unique: `{ uniqueItems: K.unique }`,
};

describe("a bundle holds the checks of the formats and keywords its schemas name, and no other", () => {
  it.each(Object.keys(MARKS) as (keyof typeof MARKS)[])("keeps %s's check for a schema of it alone", async (name) => {
    const schema = SCHEMAS[name].startsWith("F.") ? `{ type: ["string"], format: ${SCHEMAS[name]} }` : SCHEMAS[name];
    const code = await bundle(`
      import { check } from "./check.ts";
      import * as F from "./formats.ts";
      import * as K from "./keywords.ts";
      export const issues = check(${schema}, "x", "v");`);

    for (const [other, marks] of Object.entries(MARKS))
      for (const mark of marks) expect(code.includes(mark), `${other}: ${mark}`).toBe(other === name);
  });

  it("holds none of them for a schema that names none", async () => {
    const code = await bundle(`
      import { check } from "./check.ts";
      import * as F from "./formats.ts";
      import * as K from "./keywords.ts";
      export const issues = check({ type: ["string"], minLength: 1, maxItems: 3 }, "x", "v");`);

    for (const mark of Object.values(MARKS).flat()) expect(code).not.toContain(mark);
  });
});
