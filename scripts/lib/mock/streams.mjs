// The mock's event streams: Prism cannot serialise a `text/event-stream` answer whose schema is an
// object (500 "Cannot serialise complex objects as text"), so the mock proxy answers those
// operations itself, with a real stream built from the spec's examples (see event-streams.mjs).
import { eventStreamType, exampleEvents } from "../generate/event-streams.mjs";
import { operationMatcher } from "../../../src/core/path-template.js";
import { operationsOf, resolve } from "../spec/document.mjs";

/** The `retry:` the mock advises, in milliseconds, sent before the first event. */
export const MOCK_RETRY_MS = 1000;

/**
 * The handler of a bundled spec's event-stream operations: it answers a request for one of them
 * (matched by method and path; a literal segment wins over a parameter, as in the client's table)
 * with `200 text/event-stream`, `retry: 1000`, then the example events, each with an `id` (the
 * example's, else its 1-based position), and ends the stream. A `Last-Event-ID` resumes after
 * that event. It leaves to Prism (returns false): every other operation, a request without a
 * bearer token (Prism's 401), and one that asks for a status with `Prefer: code=` (Prism's
 * declared example).
 * @param {any} spec the bundled spec, its `$ref`s kept
 * @returns {{ operations: number, answer(req: import("node:http").IncomingMessage, res: import("node:http").ServerResponse): boolean }}
 * @example
 * const streams = eventStreamMock(JSON.parse(readFileSync("generated/openapi.json", "utf8")));
 * createServer((req, res) => streams.answer(req, res) || forwardToPrism(req, res));
 */
export function eventStreamMock(spec) {
  const routes = operationsOf(spec).map(({ path, method, op }) => {
    const status = Object.keys(op.responses ?? {})
      .filter((s) => /^2\d\d$/.test(s))
      .sort()[0];
    const response = status ? resolve(spec, op.responses[status]) : undefined;
    const type = eventStreamType(response);
    const events = type
      ? exampleEvents(spec, response.content[type]).map((e, i) => ({ ...e, id: e.id ?? String(i + 1) }))
      : undefined;
    return { method, path, status: Number(status), events };
  });
  const find = operationMatcher(routes);
  const streams = routes.filter((r) => r.events).length;
  return {
    operations: streams,
    answer(req, res) {
      if (!streams) return false;
      const path = (req.url ?? "").split("?")[0] ?? "";
      const route = find(req.method ?? "", path)?.operation;
      if (!route?.events || req.headers.prefer || !/^Bearer \S/i.test(req.headers.authorization ?? "")) return false;
      const after = req.headers["last-event-id"];
      const from = typeof after === "string" ? route.events.findIndex((e) => e.id === after) + 1 : 0;
      const frames = route.events.slice(from).map(
        (e) =>
          `id: ${e.id}\n${e.event ? `event: ${e.event}\n` : ""}${e.data
            .split(/\r\n|\r|\n/)
            .map((line) => `data: ${line}\n`)
            .join("")}\n`,
      );
      res.writeHead(route.status, { "Content-Type": "text/event-stream", "Cache-Control": "no-cache" });
      res.end(`retry: ${MOCK_RETRY_MS}\n\n${frames.join("")}`);
      return true;
    },
  };
}
