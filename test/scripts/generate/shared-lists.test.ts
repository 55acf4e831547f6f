// The lists of other services' documents, which carry no x-pagination: how many of each document's
// lists `npm run generate` detects (scripts/lib/generate/pagination.mjs), and what it reads for a few.
// A list here is counted by its document's own paging parameter, not by the detection.
import { existsSync } from "node:fs";
import { createRequire } from "node:module";
import { resolve } from "node:path";
import { describe, expect, it } from "vitest";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { root } from "../../../scripts/lib/shared/paths.mjs";
import { repairSpec } from "../../../scripts/lib/spec/repair.mjs";

interface RedoclyCore {
  loadConfig(options: object): Promise<unknown>;
  bundle(options: { ref: string; config: unknown }): Promise<{ bundle: { parsed: unknown } }>;
}
const { bundle, loadConfig }: RedoclyCore = createRequire(import.meta.url)("@redocly/openapi-core");
const DOCUMENTS = resolve(root, "../shared/documents");

describe.skipIf(!existsSync(DOCUMENTS))("lists of the shared documents", () => {
  it.each([
    // resend: GET /contacts answers { object, data } without has_more: its items' id is the position,
    // and a page short of the limit the last
    [
      "resend",
      24,
      24,
      "after",
      "resend/resend.yaml",
      {
        "GET /emails": {
          style: "cursor-body",
          param: "after",
          lastItem: "id",
          hasMore: "has_more",
          items: "data",
          before: "before",
          firstItem: "id",
        },
        "GET /contacts": {
          style: "item-cursor",
          param: "after",
          lastItem: "id",
          before: "before",
          firstItem: "id",
          limit: "limit",
          items: "data",
        },
      },
    ],
    [
      "twilio-conversations",
      22,
      22,
      "PageToken",
      "twilio-conversations/twilio_conversations_v1.yaml",
      {
        "GET /v1/Conversations": { style: "next-url", next: "meta.next_page_url", items: "conversations" },
        "GET /v1/Services/{ChatServiceSid}/Users": { style: "next-url", next: "meta.next_page_url", items: "users" },
      },
    ],
    // digitalocean: the undetected ones answer no items array (a scan holding findings) or no next
    // address or total (garbage collections)
    [
      "digitalocean",
      83,
      92,
      "page",
      "digitalocean/specification/DigitalOcean-public.v2.yaml",
      {
        "GET /v2/droplets": { style: "next-url", next: "links.pages.next", items: "droplets" },
        "GET /v2/vector-databases": { style: "page-number", param: "page", total: "total", items: "vector_dbs" },
        "POST /v2/security/settings/suppressions": undefined,
      },
    ],
  ])(
    "%s: at least %i of the %i GET operations with the %s parameter detected as lists",
    async (_, detected, lists, param, file, samples) => {
      const { bundle: bundled } = await bundle({ ref: resolve(DOCUMENTS, file), config: await loadConfig({}) });
      const { operations } = readOperations(repairSpec(bundled.parsed).spec);
      const byName = new Map(operations.map((op) => [`${op.method} ${op.path}`, op]));

      const withParam = operations.filter((op) => op.method === "GET" && op.queryParams.some((p) => p.name === param));

      expect(withParam).toHaveLength(lists);
      expect(withParam.filter((op) => op.page).length).toBeGreaterThanOrEqual(detected);
      for (const [operation, page] of Object.entries(samples)) expect(byName.get(operation)?.page).toEqual(page);
    },
    60_000,
  );
});
