import { readdirSync, readFileSync } from "node:fs";
import { join } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";
import { readEnv } from "../../../src/core/config.js";
import { ConfigurationError, createClient } from "../../../src/index.js";

const sources = (dir: string): string[] =>
  readdirSync(dir, { withFileTypes: true }).flatMap((entry) =>
    entry.isDirectory() ? sources(join(dir, entry.name)) : entry.name.endsWith(".ts") ? [join(dir, entry.name)] : [],
  );

describe("runtimes other than Node", () => {
  it("find no node: module, Buffer or process use in src/ or the generated code it imports", () => {
    const root = fileURLToPath(new URL("../../..", import.meta.url));
    const files = [
      ...sources(join(root, "src")),
      join(root, "generated/meta.ts"),
      join(root, "generated/validators.ts"),
    ];
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

  it("build a client with every option given where reading process.env throws (Deno's NotCapable), and take a refused key as missing", () => {
    const asked: string[] = [];
    // deno's process.env throws NotCapable for each variable it was not allowed to read
    const env = new Proxy(
      {},
      {
        get: (_target, name) => {
          asked.push(String(name));
          throw Object.assign(
            new Error(`Requires env access to "${String(name)}", run again with the --allow-env flag`),
            { name: "NotCapable" },
          );
        },
      },
    );
    let thrown: unknown;
    const client = withProcess({ env }, () => {
      try {
        createClient({ baseUrl: "http://127.0.0.1:8080" });
      } catch (err) {
        thrown = err;
      }
      return createClient({ apiKey: "k", baseUrl: "http://127.0.0.1:8080", timeoutMs: 1_000, maxRetries: 0 });
    });

    expect(typeof client.organization.limits.retrieve).toBe("function");
    // the runtime's own error never escapes: the key counts as unset
    expect(thrown).toBeInstanceOf(ConfigurationError);
    expect((thrown as Error).message).toBe("No API key: pass createClient({ apiKey }) or set BROWSER_CLOUD_API_KEY.");
    // the second client asks for the log variable only, and takes its refusal as unset
    expect(asked).toEqual(["BROWSER_CLOUD_API_KEY", "BROWSER_CLOUD_LOG"]);
  });

  it("ask Deno before reading a variable, and read none it was not granted, so that a terminal is never stopped by a prompt", () => {
    const asked: string[] = [];
    const env = new Proxy(
      {},
      {
        get: (_target, name) => (
          asked.push(String(name)), name === "BROWSER_CLOUD_BASE_URL" ? "http://127.0.0.1:9090" : undefined
        ),
      },
    );
    const queried: string[] = [];
    // --allow-env=BROWSER_CLOUD_BASE_URL: the other variables are in the "prompt" state
    const deno = {
      permissions: {
        querySync: ({ variable }: { variable: string }) => (
          queried.push(variable), { state: variable === "BROWSER_CLOUD_BASE_URL" ? "granted" : "prompt" }
        ),
      },
    };
    let message = "";
    withProcess(
      { env },
      () => {
        expect(readEnv("BROWSER_CLOUD_BASE_URL")).toBe("http://127.0.0.1:9090");
        try {
          createClient();
        } catch (err) {
          message = (err as Error).message;
        }
      },
      deno,
    );

    expect(message).toBe("No API key: pass createClient({ apiKey }) or set BROWSER_CLOUD_API_KEY.");
    expect(queried).toEqual(["BROWSER_CLOUD_BASE_URL", "BROWSER_CLOUD_API_KEY"]);
    expect(asked).toEqual(["BROWSER_CLOUD_BASE_URL"]);
  });

  it.each([
    ["a Deno global without a permissions API", {}],
    ["a Deno whose permissions have no querySync", { permissions: {} }],
  ])("read variables as Node does under %s", (_, deno) => {
    const env = { BROWSER_CLOUD_BASE_URL: "http://127.0.0.1:9090" };

    expect(withProcess({ env }, () => readEnv("BROWSER_CLOUD_BASE_URL"), deno)).toBe("http://127.0.0.1:9090");
  });

  it("ask Deno for the env permission of the one variable read", () => {
    const descriptors: unknown[] = [];
    const deno = {
      permissions: { querySync: (descriptor: unknown) => (descriptors.push(descriptor), { state: "granted" }) },
    };

    withProcess({ env: {} }, () => readEnv("BROWSER_CLOUD_LOG"), deno);

    expect(descriptors).toEqual([{ name: "env", variable: "BROWSER_CLOUD_LOG" }]);
  });
});

/** Runs `run` with `globalThis.process` (and `Deno`, when given) replaced by fakes, synchronously, and puts the real ones back. */
function withProcess<T>(fake: unknown, run: () => T, deno?: unknown): T {
  const saved = globalThis.process;
  try {
    (globalThis as { process?: unknown }).process = fake;
    if (deno) (globalThis as { Deno?: unknown }).Deno = deno;
    return run();
  } finally {
    globalThis.process = saved;
    delete (globalThis as { Deno?: unknown }).Deno;
  }
}
