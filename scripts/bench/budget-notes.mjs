// Why each goal of budgets.mjs is what it is, and why a figure misses where that is known: the
// measurements (profiles, runs on the same machine) behind each note a MISS prints beside it. A
// note explains a miss; it is never a reason to change a goal.

// profiled 2026-11-26 (node --cpu-prof, 15 000 sequential clicks through the bundled client against
// scripts/bench/server.mjs, load about 15 on 2 cores): openapi-fetch's coreFetch took 8.3 % of the
// process's CPU outside the fetch it calls, 5.4 % of it the undici Request it builds per call (with
// its body stream); this client's own code (checks, options, transport bookkeeping) under 1.5 %; the
// rest is the same fetch the safe floor pays. Same run of `npm run bench requests`: GET 1.09x, click
// 1.11x of safe fetch; Redocly's client 1.15x and 1.07x.
// profiled again for GET /org/limits (2026-11-26, 30 000 sequential GETs, load under 1, each sample
// given to the nearest frame of the bundled client, mapped to its source by the bundle's source map):
// openapi-fetch's own path 7.6 % of the CPU (URL, headers, the Request it builds), this client's
// code around the fetch call (options, checks, method, the client's fetch) 1.3 %, and the attempt,
// bounded read and JSON.parse 7.3 %, as the safe floor's own are; the same run's `npm run bench
// requests` had openapi-fetch over the safe floor at 1.27x of raw fetch and this client at 1.22x.
// measured 2026-11-28, three runs of `node scripts/bench.mjs requests` (the third within `npm run
// bench`), load 1.5-4 on 2 cores: the client bundled with openapi-fetch's documented `Request` option
// given a class that builds nothing was 1.02x, 0.97x and 0.93x of the client as shipped for GET,
// 0.92x, 0.92x and 0.98x for click; the client keeps the real Request, which a middleware
// registered on `client.raw` sees for every method's call, and sends it
export const OPENAPI_FETCH_FLOOR =
  "the client goes through openapi-fetch, which builds a real Request per call (its documented middleware gets it; the client sends it, with the body the method built): in CPU profiles (2026-11-26) openapi-fetch's own path was 7.6 % of the process's CPU for 30 000 GETs and 8.3 % for 15 000 clicks (5.4 % of it that Request and its body stream), this client's checks, options and method around the fetch 1.3-1.5 %; the rest is the attempt, the bounded read and the fetch the safe floor pays too. Skipping that Request through openapi-fetch's `Request` option (2026-11-28, three runs) gave the GET 0.93-1.02x of the client as shipped and the click 0.92-0.98x: within the noise for the GET, and a middleware on `client.raw` would no longer get the Request openapi-fetch documents";

// measured 2026-11-23 in CPU time, 3 runs at load 9 on 2 cores: eventsource-parser + JSON.parse of
// each event's data was 3.0-3.4x the parser alone (JSON.parse of all the data as one array costs as
// much), and this client 1.4x of that floor (1.8x before its events were handed out in batches); a
// bare `for await` iterator over the same parsed events is 1.1-1.2x of the floor: its promise per event
export const STREAM_JSON_FLOOR =
  "JSON.parse of each event's data alone makes eventsource-parser about 3x slower (parser + JSON.parse is 3.0-3.4x the parser alone in CPU time, same rounds), so no reader that hands out parsed data can come within 1.25x of the parser; this client is about 1.4x of parser + JSON.parse, of which 1.1-1.2x is the promise `for await` takes per event";

export const RUNTIME_FLOOR =
  "measured 2026-11-29 (esbuild metafile): a program's bundle holds only the rows and schemas of the operations it calls (1.5 KB minified for this repo's four, 1.9 KB for three JSON methods of 133), only the format and keyword checks they name, and only the readers its rows bring (lists, streams, forms, header parameters, a key in the query), but the runtime every call goes through is 31 KB minified, 12.7-13.2 KB gzip: src/core/ and src/client/ 22.8 KB (transport, errors and configuration with their messages, the generic method, the client), src/checks/ 7.7-8.7 KB (compiler, check(), the formats the schemas name); openapi-fetch 6.6 KB beside it";

// measured 2026-11-28 (load 2-3 on 2 cores) at 150 operations of the synthetic spec, in a copy made
// by scripts/bench/synthetic.mjs: openapi-typescript's CLI alone 1.2-1.7 s and `redocly build-docs`
// alone 0.9-1.1 s on generated/openapi.json, regenerate() 4.7-4.9 s (lint 1.2, generate 2.5, docs
// tail 0.4-0.6); a CPU profile of regenerate() (`node --cpu-prof`, scripts/bench/peers.mjs's tools
// beside it) put generate's busy 3.05 s in Redocly's bundler (0.54 s), Node's module loading (0.62 s),
// Ajv checking the examples (0.36 s with repair-examples), js-yaml (0.2 s), openapi-typescript with
// TypeScript's printer (0.22 s) and the project's own scripts (0.4 s), and the lint thread's 1.9 s in
// Redocly (0.49 s) and the Ajv validators it compiles per example (0.41 s). The goal: the two tools
// plus half again, for what the pipeline adds on purpose (a third tool, lint, on the second core;
// the example checks; its own 0.4 s): 1.5x. Measured 1.8-2.1x that day.
export const REGENERATE_GOAL =
  "2026-11-28 at 150 operations: regenerate() 4.7-4.9 s against openapi-typescript 1.2-1.7 s + build-docs 0.9-1.1 s alone; in a CPU profile generate's busy 3.05 s was Redocly's bundler 0.54 s, module loading 0.62 s, Ajv's example checks 0.36 s, js-yaml 0.2 s, openapi-typescript 0.22 s, the project's scripts 0.4 s; lint's thread 1.9 s (Redocly, an Ajv validator per example) shares the 2 cores";

// a save in `npm run dev` reuses the warm process (no module loading, the lint thread and a
// build-docs run kept, text-memo.mjs's per-file derivations): measured 2026-11-28 at 150 operations,
// one cold `node scripts/generate.mjs` 2.4-2.7 s, of whose CPU 0.62 s is Node loading modules and
// 0.54 s Redocly bundling every file; the goal: a save at most half a cold generate, docs page included
export const DEV_GOAL =
  "a cold `node scripts/generate.mjs` (2.4-2.7 s at 150 operations, 2026-11-28) spends 0.62 s of its CPU loading modules and 0.54 s bundling every file, which a warm save skips; the save also renders the docs page beside generate";

// measured 2026-11-28 with scripts/bench/peers.mjs `typesAlone`: at this repo's 4 operations `tsc -p .`
// 3.05 s against 0.69 s for openapi-typescript's types alone, so the runtime (src/ and what it
// imports) costs about 2.4 s whatever the document; at 150 operations openapi-typescript's types
// alone take 1.0-1.3 s. The goal: the types (1), the runtime (at most 2 of them at 150 operations),
// and the generated rows, schemas and methods no more than the types again (1): 4x. `tsc -p .` was
// 4.8-5.5 s that day, 4.4-4.8x
export const TYPECHECK_GOAL =
  "2026-11-28: the runtime alone costs about 2.4 s of `tsc -p .` whatever the document (3.05 s at 4 operations against 0.69 s for the types alone), openapi-typescript's types at 150 operations 1.0-1.3 s; the generated rows, schemas and methods should cost no more than the types";

// `npm run mock` starts Prism (the tool it wraps) on a view of the bundle it first bundles and
// repairs as generate does, and builds the proxy's checks while Prism starts: measured 2026-11-28
// (scripts/bench/mock-start.mjs, a copy by scripts/bench/synthetic.mjs, load 2-4) `prism mock` alone
// on generated/openapi.json took 1.8-2.5 s to its first answer at 150 operations, and Redocly's bundle
// of the document was 0.54 s of generate's CPU in that day's profile (see REGENERATE_GOAL): Prism
// plus that bundle and the checks, half again at most
export const MOCK_GOAL =
  "the mock bundles and repairs the document (0.54 s of Redocly's bundler at 150 operations in a 2026-11-28 profile) before Prism (1.8-2.5 s alone to its first answer at 150 operations that day) starts on it, and builds the proxy's checks beside Prism's start";
