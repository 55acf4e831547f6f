// @ts-check
// Entry for workerd: a Worker that runs the program for each request, the urls in its query.
import { exercise } from "./consumer.mjs";

export default {
  /** @param {Request} request */
  async fetch(request) {
    const query = new URL(request.url).searchParams;
    return Response.json(await exercise({ live: query.get("live") ?? "", closed: query.get("closed") ?? "" }));
  },
};
