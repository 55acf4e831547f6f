// Entry for Node, Bun and Deno: node main.mjs <live url> <closed url>; prints one JSON line.
import { exercise } from "./consumer.mjs";

// deno gives its arguments without any permission; process.argv there would be the same
const args = globalThis.Deno?.args ?? process.argv.slice(2);
console.log(JSON.stringify(await exercise({ live: args[0], closed: args[1] })));
