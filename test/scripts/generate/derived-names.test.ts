// The names `npm run generate` derives for the operations of other services' documents, which carry
// no x-client-method: listed in derived-names/<document>.txt, where a reader can judge them, and held
// to the rules a hand-written SDK follows (scripts/lib/generate/client-methods.mjs).
import { join } from "node:path";
import { loadConfig } from "@redocly/openapi-core";
import { describe, expect, it } from "vitest";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { bundleApi } from "../../../scripts/lib/spec/bundle.mjs";
import { openapi31 } from "../../../scripts/lib/spec/openapi31.mjs";
import { pastedNames } from "../../documents/oracles.js";
import { corpus, DOCUMENTS, type Document, hasCorpus } from "../../support/corpus.js";

/** Each operation of a corpus document with the name derived for it, as `METHOD /path -> name`. */
async function derived(doc: Document) {
  // bundled, repaired and read as generate reads them (scripts/lib/generate/render.mjs)
  const { spec } = await bundleApi(join(DOCUMENTS, doc.folder, doc.root), (await loadConfig({})) as never, doc.root);
  const { operations } = readOperations(openapi31(spec).spec);
  const lines = operations.map((op) => `${op.method} ${op.path} -> ${op.name}`);
  return { operations, lines, names: new Map(operations.map((op) => [`${op.method} ${op.path}`, op.name])) };
}

/** Names a reader checked by hand, by document: the snapshot holds the rest. */
const SAMPLES: Record<string, Record<string, string>> = {
  resend: {
    "POST /emails": "emails.create",
    "GET /emails/{email_id}": "emails.retrieve",
    "PATCH /emails/{email_id}": "emails.update",
    "GET /domains": "domains.list",
  },
  "twilio-conversations": {
    "GET /v1/Conversations": "conversations.list",
    "POST /v1/Conversations/{Sid}": "conversations.update",
    "DELETE /v1/Conversations/{Sid}": "conversations.delete",
    "POST /v1/Conversations/{ConversationSid}/Messages/{Sid}": "conversations.messages.update",
    // a singleton: its GET answers one object, and its POST changes it
    "GET /v1/Configuration": "configuration.retrieve",
    "POST /v1/Configuration": "configuration.update",
    "GET /v1/Services/{ChatServiceSid}/Configuration": "services.configuration.retrieve",
  },
  digitalocean: {
    "GET /v2/droplets/{droplet_id}": "droplets.retrieve",
    // one thing (an object with no list in it) with paths below it
    "GET /v2/account": "account.retrieve",
    "POST /v2/monitoring/sinks/destinations/{destination_uuid}": "monitoring.sinks.destinations.update",
    "POST /v1/messages": "messages.create",
    // two versions side by side under one group keep their version
    "GET /v2/images/{image_id}": "v2.images.retrieve",
    // the same path as /v2/volumes/actions with the volume's id: in its scope
    "POST /v2/volumes/{volume_id}/actions": "volumes.actions.createIn",
  },
  intercom: {
    // a parameter whose GET lists the items below it is a collection
    "GET /custom_object_instances/{custom_object_type_identifier}": "customObjectInstances.list",
    "GET /custom_object_instances/{custom_object_type_identifier}/{custom_object_instance_id}":
      "customObjectInstances.retrieve",
    "DELETE /custom_object_instances/{custom_object_type_identifier}/{custom_object_instance_id}":
      "customObjectInstances.delete",
  },
  meilisearch: {
    "POST /indexes/{index_uid}/documents/delete": "indexes.documents.delete",
    "DELETE /indexes/{index_uid}/documents/{document_id}": "indexes.documents.deleteOne",
  },
  "opensearch-core": {
    "GET /_search": "search.list",
    "POST /_search": "search.listWithBody",
    "GET /{index}/_search": "search.listIn",
    "POST /{index}/_search": "search.listInWithBody",
    "PUT /_scripts/{id}/{context}": "scripts.updateIn",
    "POST /{index}/_doc/{id}": "doc.createAt",
  },
  // OpenAPI 3.2's query and additionalOperations, named as a path's methods are, by their own method
  "oai-3.2-path-item-object-example": {
    "QUERY /pets/{id}": "pets.query",
    "COPY /pets/{id}": "pets.copy",
  },
  sendgrid: {
    // each duplicates the item: it answers what the item's GET answers
    "POST /v3/designs/{id}": "designs.createFrom",
    "POST /v3/templates/{template_id}": "templates.createFrom",
  },
};

describe.skipIf(!hasCorpus)("names derived for the corpus's documents", () => {
  it.each(corpus())(
    "$name: every name distinct, none pasting a parameter or an HTTP method, as the snapshot lists them",
    async (doc) => {
      const { operations, lines, names } = await derived(doc);

      for (const [operation, expected] of Object.entries(SAMPLES[doc.name] ?? {}))
        expect(names.get(operation), operation).toBe(expected);
      const all = [...names.values()];
      expect(new Set(all).size).toBe(all.length);
      expect(all.filter((n) => /^v\d/.test(n) && !/^v[12]\.images\./.test(n))).toEqual([]);
      // an operationId's `ById` is never pasted in: a `By` the path itself does not say
      const saysBy = (path: string) => /(^|[^a-z])by([^a-z]|$)/i.test(path.replace(/([a-z])([A-Z])/g, "$1_$2"));
      expect(operations.filter((op) => /By[A-Z]/.test(op.name) && !saysBy(op.path)).map((op) => op.name)).toEqual([]);
      // the documents stage's oracle, written apart from the generator
      expect(pastedNames(operations)).toEqual([]);
      await expect(`${lines.join("\n")}\n`).toMatchFileSnapshot(`derived-names/${doc.name}.txt`);
    },
    60_000,
  );
});
