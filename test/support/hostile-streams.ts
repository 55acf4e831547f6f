// The servers every stream reader is held to, and what each reader must do with them: one that
// sends one line forever, only as fast as the client reads it; one that never ends. The server's side
// of the stream tests (test/src/streams/).
import { expect } from "vitest";
import { EventTooLargeError } from "../../src/index.js";
import { faultServer, type FaultServer, type Step } from "./fault-server.js";
import { failure } from "./iterate.js";

/**
 * Serves 200 `contentType`, `start`, then one line of `x` that never ends (up to 256 MiB, only as fast
 * as the client reads it), reads it with `read` and `maxEventSize` 64 KiB, and holds the reader to
 * the bound: it ends with `EventTooLargeError` naming the limit, the connection dropped, having read
 * (and kept) little of it. `tooLarge` is that class as the reader's client has it (a generated copy's own).
 */
export async function endsAnEndlessLine(
  contentType: string,
  start: string,
  read: (server: FaultServer, maxEventSize: number) => Promise<unknown>,
  tooLarge: abstract new (...args: never[]) => Error = EventTooLargeError,
): Promise<void> {
  const limit = 64 * 1024;
  const stats = { written: 0, dropped: false };
  const chunk = Buffer.alloc(64 * 1024, "x");
  const server = await faultServer((res) => {
    res.writeHead(200, { "Content-Type": contentType });
    res.write(start);
    res.once("close", () => (stats.dropped = true));
    const pump = () => {
      while (!res.destroyed && stats.written < 256 * 1024 * 1024) {
        stats.written += chunk.length;
        if (!res.write(chunk)) return void res.once("drain", pump);
      }
    };
    pump();
  });
  const before = process.memoryUsage();

  const err = await failure(read(server, limit));
  await new Promise((done) => setTimeout(done, 50));

  expect(err).toBeInstanceOf(tooLarge);
  expect(err).toMatchObject({ limit });
  expect(stats.dropped).toBe(true);
  // what the loopback socket buffers held, not the 256 MiB the server would have sent
  expect(stats.written).toBeLessThan(16 * 1024 * 1024);
  expect(process.memoryUsage().arrayBuffers - before.arrayBuffers).toBeLessThan(16 * 1024 * 1024);
}

/**
 * Answers 200 `contentType` and sends `frame(n)` every 20 ms, n from 1, until the client goes;
 * `state.ended` resolves when it did: the client ended the request.
 */
export function endlessStream(contentType: string, frame: (n: number) => string) {
  const state: { ended?: Promise<void> } = {};
  const step: Step = (res) => {
    state.ended = new Promise<void>((done) => res.once("close", () => done()));
    res.writeHead(200, { "Content-Type": contentType });
    let n = 0;
    const timer = setInterval(() => (res.destroyed ? clearInterval(timer) : res.write(frame(++n))), 20);
    res.once("close", () => clearInterval(timer));
  };
  return { state, step };
}
