// The names `npm run generate` derives for the operations of other services' documents, which carry
// no x-client-method: listed in derived-names/<document>.txt, where a reader can judge them, and held
// to the rules a hand-written SDK follows (scripts/lib/generate/client-methods.mjs).
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { repairSpec } from "../../../scripts/lib/spec/repair.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";

interface RedoclyCore {
  loadConfig(options: object): Promise<unknown>;
  bundle(options: { ref: string; config: unknown }): Promise<{ bundle: { parsed: unknown } }>;
}
const { bundle, loadConfig }: RedoclyCore = createRequire(import.meta.url)("@redocly/openapi-core");
const DOCUMENTS = resolve(root, "../shared/documents");

/** Each operation of a shared document with the name derived for it, as `METHOD /path -> name`. */
async function derived(file: string): Promise<{ lines: string[]; names: Map<string, string> }> {
  const { bundle: bundled } = await bundle({ ref: resolve(DOCUMENTS, file), config: await loadConfig({}) });
  // named as generate names them: readOperations tells lists from one thing by their answers
  const { operations } = readOperations(repairSpec(bundled.parsed).spec);
  const lines = operations.map((op) => `${op.method} ${op.path} -> ${op.name}`);
  return { lines, names: new Map(operations.map((op) => [`${op.method} ${op.path}`, op.name])) };
}

describe.skipIf(!existsSync(DOCUMENTS))("names derived for the shared documents", () => {
  it.each([
    [
      "resend",
      "resend/resend.yaml",
      104,
      {
        "POST /emails": "emails.create",
        "GET /emails/{email_id}": "emails.retrieve",
        "PATCH /emails/{email_id}": "emails.update",
        "GET /domains": "domains.list",
      },
    ],
    [
      "twilio-conversations",
      "twilio-conversations/twilio_conversations_v1.yaml",
      103,
      {
        "GET /v1/Conversations": "conversations.list",
        "POST /v1/Conversations/{Sid}": "conversations.update",
        "DELETE /v1/Conversations/{Sid}": "conversations.delete",
        "POST /v1/Conversations/{ConversationSid}/Messages/{Sid}": "conversations.messages.update",
        // a singleton: its GET answers one object, and its POST changes it
        "GET /v1/Configuration": "configuration.retrieve",
        "POST /v1/Configuration": "configuration.update",
        "GET /v1/Services/{ChatServiceSid}/Configuration": "services.configuration.retrieve",
      },
    ],
    [
      "digitalocean",
      "digitalocean/specification/DigitalOcean-public.v2.yaml",
      659,
      {
        "GET /v2/droplets/{droplet_id}": "droplets.retrieve",
        // one thing (an object with no list in it) with paths below it
        "GET /v2/account": "account.retrieve",
        "POST /v2/monitoring/sinks/destinations/{destination_uuid}": "monitoring.sinks.destinations.update",
        "POST /v1/messages": "messages.create",
        // two versions side by side under one group keep their version
        "GET /v2/images/{image_id}": "v2.images.retrieve",
      },
    ],
  ])(
    "%s: every name distinct, no version group but where versions stand side by side, no path parameter pasted in",
    async (name, file, count, samples) => {
      const { lines, names } = await derived(file);

      expect(lines).toHaveLength(count);
      for (const [operation, expected] of Object.entries(samples)) expect(names.get(operation)).toBe(expected);
      const all = [...names.values()];
      expect(new Set(all).size).toBe(all.length);
      expect(all.filter((n) => /^v\d/.test(n) && !/^v[12]\.images\./.test(n))).toEqual([]);
      expect(all.filter((n) => /By[A-Z]/.test(n))).toEqual([]);
      await expect(`${lines.join("\n")}\n`).toMatchFileSnapshot(`derived-names/${name}.txt`);
    },
    60_000,
  );
});
