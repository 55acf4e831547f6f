// The call path: the files a call passes through from the method to fetch, read from the stack at
// the moment fetch is called (every hand-off on the way is a call or an awaited async function, so
// the stack holds them all), held to the list CONTRIBUTING.md writes ("The call path").
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import { afterEach, describe, expect, it } from "vitest";
import { createClient } from "../../../src/index.js";

const root = fileURLToPath(new URL("../../../", import.meta.url));
const contributing = readFileSync(new URL("../../../CONTRIBUTING.md", import.meta.url), "utf8");

/** The files CONTRIBUTING.md lists under "The call path", in order: the first `code` of each numbered line. */
function documentedPath(): string[] {
  const section = contributing.split(/^#+ The call path$/m)[1]?.split(/^#/m)[0] ?? "";
  return [...section.matchAll(/^\d+\. `([^`]+)`/gm)].map((m) => m[1]!);
}

/**
 * The files of the stack `stack` (innermost first, as V8 writes it) that are the project's or
 * openapi-fetch's, outermost first, each run of one file once: `src/...`, `generated/...`,
 * `openapi-fetch`; then `fetch`.
 */
function filesOf(stack: string): string[] {
  const files: string[] = [];
  for (const line of stack.split("\n").reverse()) {
    const at = /\(?((?:file:\/\/)?\/[^():]+):\d+:\d+\)?$/.exec(line.trim())?.[1]?.replace(/^file:\/\//, "");
    if (!at) continue;
    const file = at.includes("/node_modules/openapi-fetch/")
      ? "openapi-fetch"
      : at.startsWith(root) && /^(src|generated)\//.test(at.slice(root.length))
        ? at.slice(root.length)
        : undefined;
    if (file && files.at(-1) !== file) files.push(file);
  }
  return [...files, "fetch"];
}

const limit = Error.stackTraceLimit;
afterEach(() => {
  Error.stackTraceLimit = limit;
});

/** A client whose fetch records the stack it was called with, and answers as the operation does. */
function tracedClient() {
  const stacks: string[] = [];
  const client = createClient({
    apiKey: "sk-test-4f9a7c1e",
    baseUrl: "http://127.0.0.1:8090/v1",
    fetch: async (request) => {
      stacks.push(new Error("fetch called").stack ?? "");
      if (request.method === "GET") return Response.json({ max_concurrent_sessions: 5 });
      return new Response(null, { status: request.method === "DELETE" ? 204 : 200 });
    },
  });
  return { client, stacks };
}

describe("the call path from a method to fetch", () => {
  it("is the list CONTRIBUTING.md writes, for a GET, a call with a JSON body and a void call", async () => {
    Error.stackTraceLimit = 200;
    const { client, stacks } = tracedClient();

    await client.organization.limits.retrieve();
    await client.browsers.computer.clickMouse("brs_1", { x: 1, y: 2 }, { timeoutMs: 5_000 });
    await client.deployments.delete("dep_1");

    const documented = documentedPath();
    expect(documented.length).toBeGreaterThan(1);
    expect(stacks.map(filesOf)).toEqual([documented, documented, documented]);
  });

  it("passes through at most 6 files of src/, none entered twice", () => {
    const path = documentedPath();
    const src = path.filter((file) => file.startsWith("src/"));

    expect(src.length).toBeLessThanOrEqual(6);
    expect(new Set(path).size).toBe(path.length);
  });
});

describe("the empty answer of a void call", () => {
  /** An answer with a body stream that says when it is read, and the headers given. */
  const watched = (status: number, headers: Record<string, string>) => {
    const seen = { pulled: false };
    // pulled only when read: nothing is queued ahead
    const body = new ReadableStream(
      {
        pull(controller) {
          seen.pulled = true;
          controller.close();
        },
      },
      { highWaterMark: 0 },
    );
    const response = new Response(body, { status, headers });
    const client = createClient({
      apiKey: "sk-test-4f9a7c1e",
      baseUrl: "http://127.0.0.1:8090/v1",
      fetch: async () => response,
    });
    return { seen, client };
  };

  it("is not read when it says it is empty (Content-Length: 0)", async () => {
    const answer = watched(200, { "Content-Length": "0" });

    await expect(answer.client.browsers.computer.clickMouse("brs_1", { x: 1, y: 2 })).resolves.toBeUndefined();

    expect(answer.seen.pulled).toBe(false);
  });

  it("is read when it says it has a body, so that the connection is free for the next call", async () => {
    const answer = watched(200, { "Content-Type": "text/plain" });

    await expect(answer.client.browsers.computer.clickMouse("brs_1", { x: 1, y: 2 })).resolves.toBeUndefined();

    expect(answer.seen.pulled).toBe(true);
  });
});
