import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readEnv } from "../src/config.js";

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) => (entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : []));

describe("runtimes other than Node", () => {
  it("find no node: module, Buffer or process use in src/ or the generated code it imports", () => {
    const root = fileURLToPath(new URL("..", import.meta.url));
    const files = [...sources(join(root, "src")), join(root, "generated/meta.ts"), join(root, "generated/validators.ts")];
    expect(files.length).toBeGreaterThan(10);

    for (const file of files) {
      const text = readFileSync(file, "utf8").replace(/\/\*[\s\S]*?\*\//g, "");
      expect(text, file).not.toMatch(/from\s+["']node:|require\(|\bBuffer\b/);
      // process is read only through globalThis, in config.ts
      expect(text.replace(/globalThis as \{ process\?/g, ""), file).not.toMatch(/\bprocess\./);
    }
  });

  it("read environment variables only where process exists", () => {
    const saved = globalThis.process;
    let value: string | undefined = "unset";
    try {
      (globalThis as { process?: unknown }).process = undefined;
      value = readEnv("BROWSER_CLOUD_API_KEY");
    } finally {
      globalThis.process = saved;
    }

    expect(value).toBeUndefined();
  });
});
