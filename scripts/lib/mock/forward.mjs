// A request passed to Prism as it arrives, its answer handed to a taker first: how the stateful
// store (state.mjs) has Prism check the requests of its collections before it answers them.
import { request } from "node:http";
import { pipeline } from "node:stream";
import { apiError, refuse } from "../shared/http-guard.mjs";
import { endToEnd } from "./dispatch.mjs";

/**
 * Sends `req` to the Prism at `prism.address` as it arrives; `take(answer)` may answer `res` from
 * Prism's answer itself (and returns true), else Prism's answer goes out as it is.
 * @param {{ address: { host: string, port: number } }} prism
 * @param {import("node:http").Agent} agent
 * @param {import("node:http").IncomingMessage} req
 * @param {import("node:http").ServerResponse} res
 * @param {((answer: import("node:http").IncomingMessage) => boolean) | undefined} take
 * @example
 * state.answer(req, res, (take) => forwardRaw(prism, agent, req, res, take));
 */
export function forwardRaw(prism, agent, req, res, take) {
  // host and port are Prism's own, whatever the target says
  const upstream = request(
    { ...prism.address, path: req.url, method: req.method, headers: endToEnd(req.headers), agent },
    (answer) => {
      if (take?.(answer)) return;
      try {
        res.writeHead(answer.statusCode ?? 502, answer.statusMessage, endToEnd(answer.headers));
      } catch (err) {
        answer.destroy();
        return refuse(res, 502, `mock: ${err.message}`, apiError);
      }
      // a client gone mid-answer ends the upstream request too
      pipeline(answer, res, () => {});
    },
  );
  upstream.on("error", (err) => refuse(res, 502, `mock: ${err.message}`, apiError));
  // a client that resets mid-body ends the upstream request, which Prism would wait on
  pipeline(req, upstream, (err) => err && upstream.destroy());
}
