// The printed modules laid out by Biome with the project's settings (scripts/lib/generate/format.mjs):
// the expected text is biome.jsonc's layout written out (two spaces, trailing commas, 120 columns).
import { mkdtempSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { describe, expect, it } from "vitest";
import { FormatError, formatModules } from "../../../scripts/lib/generate/format.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";

describe("format", () => {
  it("lays a printed module out as biome.jsonc says, and only the modules it is given", async () => {
    const files = new Map([
      ["/generated/a.ts", "const x = {\n    a: 1\n};\nconst y = [1,\n2];\n"],
      ["/generated/b.ts", "const z = {\n    b: 2\n};\n"],
    ]);
    await formatModules(files, ["/generated/a.ts"], root);

    expect(files.get("/generated/a.ts")).toBe("const x = {\n  a: 1,\n};\nconst y = [1, 2];\n");
    expect(files.get("/generated/b.ts")).toBe("const z = {\n    b: 2\n};\n");
  });

  it("lays a module out again when its text or the settings change, as npm run dev renders save after save", async () => {
    const path = "/generated/again.ts";
    const files = new Map([[path, "const x = {\n    a: 1\n};\n"]]);
    await formatModules(files, [path], root);
    expect(files.get(path)).toBe("const x = {\n  a: 1,\n};\n");

    files.set(path, "const y = {\n    b: 2\n};\n");
    await formatModules(files, [path], root);
    expect(files.get(path)).toBe("const y = {\n  b: 2,\n};\n");

    // another project's settings: four spaces, no trailing commas
    const other = mkdtempSync(join(tmpdir(), "format-settings-"));
    writeFileSync(
      join(other, "biome.jsonc"),
      '{ // its own\n "formatter": { "indentStyle": "space", "indentWidth": 4 }, "javascript": { "formatter": { "trailingCommas": "none" } } }',
    );
    files.set(path, "const y = {\n    b: 2\n};\n");
    try {
      await formatModules(files, [path], other);
    } finally {
      rmSync(other, { recursive: true, force: true });
    }
    expect(files.get(path)).toBe("const y = {\n    b: 2\n};\n");
  });

  it("refuses a module that is not valid code, naming the file", async () => {
    const files = new Map([["/generated/broken.ts", "export const x = {\n"]]);

    await expect(formatModules(files, ["/generated/broken.ts"], root)).rejects.toThrow(FormatError);
    await expect(formatModules(files, ["/generated/broken.ts"], root)).rejects.toThrow("/generated/broken.ts");
  });
});
