// Uploads a file from disk into a browser session without reading it into memory: fs.openAsBlob
// gives a Blob that fetch reads as it sends. Then downloads it back as a stream.
// Run against the synthetic spec's mock by test/contract/shapes.test.ts, as fixture-client's user would
import { openAsBlob, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join } from "node:path";
import { createClient, ValidationError } from "fixture-client";

const client = createClient();
const session = "brs_2x7q9kd4m1";

// the file to send: the first argument, else a small one written here
let path = process.argv[2];
if (!path) writeFileSync((path = join(tmpdir(), "upload-from-disk.csv")), "sku,quantity\nA-100,2\n");

const info = await client.browsers.fs.upload(session, {
  path: "/tmp/uploads/report.csv",
  file: await openAsBlob(path),
});
console.log(`uploaded to ${info.path}`);

// several files in one form: sent as files[0][file], files[0][dest_path], files[1][...]
try {
  await client.browsers.fs.uploadMany(session, {
    files: [{ file: await openAsBlob(path), dest_path: "relative.csv" }],
  });
} catch (err) {
  if (!(err instanceof ValidationError)) throw err;
  console.log(`refused before sending: ${err.issues.map((i) => `${i.path} ${i.message}`).join("; ")}`);
}

// a download is the Response itself: stream it, count what arrives
const response = await client.browsers.fs.readFile(session, { path: "/tmp/uploads/report.csv" });
let bytes = 0;
for await (const chunk of response.body as unknown as AsyncIterable<Uint8Array>) bytes += chunk.byteLength;
console.log(`downloaded ${bytes} bytes of ${response.headers.get("content-type")}`);
