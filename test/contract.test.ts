import { describe, expect, it } from "vitest";
import { operations } from "../generated/operations.js";
import { AuthenticationError, ValidationError, type BrowserCloudClient } from "../src/index.js";
import { errorClassFor } from "../src/errors.js";
import { callOf, exampleArgs, invalidBodies, operationInfo, tableOrder } from "./support/operations.js";
import { apiBaseUrl, mockClient, prefer } from "./support/contract.js";
import { createClient } from "../src/index.js";

// one suite for every operation of the generated table, against Prism serving the same spec:
// adding an operation to openapi/ adds its contract tests here, with nothing to write
describe("the generated table", () => {
  it("holds every operation of the spec, in document order", () => {
    expect(operations.map((op) => `${op.method} ${op.path}`)).toEqual(tableOrder());
  });
});

for (const op of operations) {
  const info = operationInfo(op.name);
  describe(`${op.name} (${op.method} ${op.path})`, () => {
    it(`answers ${op.answer === "json" ? "the spec's example" : op.answer === "empty" ? "nothing" : "a Response"} when called with the spec's examples`, async () => {
      const result = await callOf(mockClient(), op.name)(...exampleArgs(info));

      if (op.answer === "json") expect(result).toEqual(info.success.example ?? expect.anything());
      else if (op.answer === "empty") expect(result).toBeUndefined();
      else expect(result).toBeInstanceOf(Response);
    });

    for (const { status, example } of info.errors as { status: number; example?: { code: string; message: string } }[]) {
      const Class = errorClassFor(status);
      it(`throws ${Class.name} carrying the body's code and message on ${status}`, async () => {
        const call = callOf(mockClient(), op.name)(...exampleArgs(info, prefer(status)));

        await expect(call).rejects.toBeInstanceOf(Class);
        await expect(call).rejects.toMatchObject({ status, code: example?.code, body: example });
        if (example?.message) await expect(call).rejects.toThrow(example.message);
      });
    }

    it("throws AuthenticationError when the request carries no token", async () => {
      const client = createClient({
        apiKey: "test-token",
        baseUrl: apiBaseUrl(),
        fetch: (request) => {
          const headers = new Headers(request.headers);
          headers.delete("authorization");
          return fetch(new Request(request, { headers }));
        },
      });

      await expect(callOf(client, op.name)(...exampleArgs(info))).rejects.toBeInstanceOf(AuthenticationError);
    });

    for (const [label, body] of invalidBodies(info)) {
      it(`refuses a body ${label} with ValidationError and sends nothing`, async () => {
        const sent: Request[] = [];
        const client: BrowserCloudClient = createClient({ apiKey: "test-token", baseUrl: apiBaseUrl(), fetch: async (request) => (sent.push(request), new Response(null, { status: 500 })) });
        const args = exampleArgs(info);
        args[info.pathParams.length] = body;

        const err = await callOf(client, op.name)(...args).catch((e: unknown) => e);

        expect(err).toBeInstanceOf(ValidationError);
        expect((err as ValidationError).issues.length).toBeGreaterThan(0);
        expect(sent).toHaveLength(0);
      });
    }
  });
}
