import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readEnv } from "../src/config.js";
import { ConfigurationError, createClient } from "../src/index.js";

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

  it("build a client with every option given where the runtime refuses every environment read, as Deno without --allow-env does", () => {
    const asked: string[] = [];
    // deno's process.env throws NotCapable for each variable it was not allowed to read
    const env = new Proxy({}, {
      get: (_target, name) => {
        asked.push(String(name));
        throw Object.assign(new Error(`Requires env access to "${String(name)}", run again with the --allow-env flag`), { name: "NotCapable" });
      },
    });
    const client = withProcess({ env }, () => createClient({ apiKey: "k", baseUrl: "http://127.0.0.1:8080", timeoutMs: 1_000, maxRetries: 0 }));

    expect(typeof client.organization.limits.retrieve).toBe("function");
    // the log variable is asked for once, its refusal taken as unset
    expect(asked).toEqual(["BROWSER_CLOUD_LOG"]);
  });

  it("say that the runtime refused to read the key when none was given", () => {
    const env = new Proxy({}, { get: () => { throw Object.assign(new Error('Requires env access to "BROWSER_CLOUD_API_KEY"'), { name: "NotCapable" }); } });
    let thrown: unknown;
    withProcess({ env }, () => {
      try {
        createClient({ baseUrl: "http://127.0.0.1:8080" });
      } catch (err) {
        thrown = err;
      }
    });

    expect(thrown).toBeInstanceOf(ConfigurationError);
    expect((thrown as Error).message).toBe('No API key: pass createClient({ apiKey }) or set BROWSER_CLOUD_API_KEY. (the runtime refused to read it: NotCapable: Requires env access to "BROWSER_CLOUD_API_KEY")');
  });
});

/** Runs `run` with `globalThis.process` replaced by `fake`, synchronously, and puts the real one back. */
function withProcess<T>(fake: unknown, run: () => T): T {
  const saved = globalThis.process;
  try {
    (globalThis as { process?: unknown }).process = fake;
    return run();
  } finally {
    globalThis.process = saved;
  }
}
