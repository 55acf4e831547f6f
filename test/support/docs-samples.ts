// The docs page's TypeScript samples (x-codeSamples of pageDocument()) as one program a strict
// consumer compiles: each sample in a function of its own, as a reader pastes it into a module.
import type { OperationInfo } from "../../scripts/lib/generate/read-operations.mjs";
import { operationAt } from "../../scripts/lib/spec/document.mjs";

type Json = any;

/** The samples of an operation on the page, by label (`Node.js`, `curl`). */
export function samplesOf(page: Json, op: OperationInfo): Record<string, string> {
  const target = operationAt(page, op.method, op.path) as { "x-codeSamples": { label: string; source: string }[] };
  const samples = target["x-codeSamples"];
  return Object.fromEntries(samples.map((s) => [s.label, s.source]));
}

/**
 * A module of every operation's TypeScript sample, each a function, importing `createClient` from
 * `from`; a sample that does not start with the package's import (`packageName`) throws.
 */
export function samplesProgram(page: Json, operations: OperationInfo[], packageName: string, from: string): string {
  const bodies = operations.map((op, i) => {
    const lines = samplesOf(page, op)["Node.js"]!.split("\n");
    if (lines[0] !== `import { createClient } from "${packageName}";`)
      throw new Error(`${op.name}: the sample does not import createClient from ${packageName}: ${lines[0]}`);
    const call = lines.slice(lines.findIndex((l) => l.startsWith("const client = "))).join("\n  ");
    return `export async function sample${i}() {\n  ${call}\n}`;
  });
  return [
    `import { createClient } from ${JSON.stringify(from)};`,
    // the samples read the key from Node's environment; a strict user without Node's types declares it
    "declare const process: { env: Record<string, string | undefined> };",
    ...bodies,
    "",
  ].join("\n");
}
