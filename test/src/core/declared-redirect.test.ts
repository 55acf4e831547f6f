// An operation whose only answer is a redirect (a recording's signed URL: `302` with a Location):
// the redirect is its answer, returned as the Response and never followed; an operation that
// declares a 2xx still meets a redirect as RedirectError.
import { describe, expect, it } from "vitest";
import type { Operation } from "../../../generated/operations.js";
import { clientOf } from "../../../src/client/client.js";
import { RedirectError } from "../../../src/index.js";
import { faultServer } from "../../support/fault-server.js";

const recording: Operation = {
  name: "calls.recording",
  method: "GET",
  path: "/calls/{id}/recording",
  params: ["id"],
  status: 302,
  answer: "other",
  idempotent: true,
};
const fetchRecording = (url: string, op: Operation) =>
  (
    clientOf({ apiKey: "test:sk-test", baseUrl: url }, [op]) as unknown as {
      calls: { recording(id: string): Promise<unknown> };
    }
  ).calls.recording;
const redirecting = () =>
  faultServer((res) => {
    res.writeHead(302, { Location: "https://files.example.com/r/1?signature=abc" });
    res.end();
  });

describe("a redirect the document declares as the answer", () => {
  it("resolves to the Response, its Location for the caller, and is not followed", async () => {
    const server = await redirecting();

    const response = (await fetchRecording(server.url, recording)("c1")) as Response;

    expect(response.status).toBe(302);
    expect(response.headers.get("location")).toBe("https://files.example.com/r/1?signature=abc");
    expect(server.requests.map((r) => `${r.method} ${r.url}`)).toEqual(["GET /calls/c1/recording"]);
  });

  it("is a RedirectError where the operation declares a 2xx answer", async () => {
    const server = await redirecting();

    const err = await fetchRecording(server.url, { ...recording, status: 200 })("c1").catch((e: unknown) => e);

    expect(err).toBeInstanceOf(RedirectError);
    expect(server.requests).toHaveLength(1);
  });
});
