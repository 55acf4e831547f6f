// @ts-check
// Entry for Node, Bun and Deno: node main.mjs <live url> <closed url>; prints one JSON line.
import { exercise } from "./consumer.mjs";

// deno gives its arguments without any permission; process.argv there would be the same
const deno = /** @type {{ Deno?: { args: string[] } }} */ (/** @type {unknown} */ (globalThis)).Deno;
const args = deno?.args ?? process.argv.slice(2);
const [live, closed] = /** @type {[string, string]} */ (args);
console.log(JSON.stringify(await exercise({ live, closed })));
