// @ts-check
// Run by test/src/uploads/upload-memory.test.ts in a process of its own, under --expose-gc, so that
// its memory is the client's alone: uploads a file through the bundled client and prints, as one
// JSON line, how much the process grew over the whole upload. Arguments: the bundle, the server's
// address, the file. Every SAMPLE_MS it collects garbage and reads what is live (the JS heap and
// the ArrayBuffers' bytes) and the resident set.
import { openAsBlob } from "node:fs";

// the three arguments are given by upload-memory.test.ts
const [bundle, baseUrl, file] = /** @type {[string, string, string]} */ (process.argv.slice(2));
const SAMPLE_MS = 25;
const { createClient } = await import(bundle);
const client = createClient({ apiKey: "sk-test-4f9a7c1e", baseUrl });
const upload = (/** @type {Blob} */ blob) => client.browsers.fs.upload("brs_1", { path: "/tmp/big.bin", file: blob });

// a small upload first: what loading fetch and the client costs is not the upload's
await upload(new Blob(["warm-up"]));
const read = () => {
  // the second collection waits for the first one's freeing of ArrayBuffers, which runs on a
  // thread of its own: what is left is what the process holds
  // given by --expose-gc
  const gc = /** @type {() => void} */ (globalThis.gc);
  gc();
  gc();
  const { heapUsed, arrayBuffers, rss } = process.memoryUsage();
  return { live: heapUsed + arrayBuffers, heapUsed, arrayBuffers, rss };
};
const before = read();
const peak = { live: 0, heapUsed: 0, arrayBuffers: 0, rss: 0 };
const sample = () => {
  const now = read();
  for (const key of /** @type {(keyof typeof peak)[]} */ (Object.keys(peak)))
    peak[key] = Math.max(peak[key], now[key] - before[key]);
};
const timer = setInterval(sample, SAMPLE_MS);
let outcome = "ok";
try {
  await upload(await openAsBlob(file));
} catch (err) {
  const error = /** @type {{ name?: string; message?: string } | null | undefined} */ (err);
  outcome = `${error?.name}: ${error?.message}`;
}
clearInterval(timer);
sample();
process.stdout.write(
  `${JSON.stringify({ outcome, peakLiveBytes: peak.live, peakHeapBytes: peak.heapUsed, peakArrayBufferBytes: peak.arrayBuffers, peakRssBytes: peak.rss })}\n`,
);
