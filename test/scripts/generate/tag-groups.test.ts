// OpenAPI 3.2's nested tags (a tag's `parent`, its `kind`) give the client's groups where the document
// gives no x-client-method (client-methods.mjs tagGroups, name-clashes.mjs assignNames), and keep the
// docs page's menu whole (page-document.mjs): a tag that only nests others stays in it. Names are
// written out here; the documents are 3.2 as written and their 3.1 view alike.
import { describe, expect, it } from "vitest";
import { pageDocument } from "../../../scripts/lib/docs/page-document.mjs";
import { tagGroups } from "../../../scripts/lib/generate/client-methods.mjs";
import { readOperations } from "../../../scripts/lib/generate/read-operations.mjs";
import { openapi31 } from "../../../scripts/lib/spec/openapi31.mjs";
import { createSampler } from "../../../scripts/lib/spec/sample.mjs";

const TAGS = [
  { name: "Browsers", kind: "nav" },
  { name: "File system", parent: "Browsers" },
  { name: "Watches", parent: "File system" },
  { name: "Beta", kind: "badge" },
  { name: "Partners", kind: "audience" },
  { name: "Partner files", parent: "Partners" },
];
const ok = { responses: { "204": { description: "done" } } };
const op = (tags: string[], more: object = {}) => ({ tags, ...ok, ...more });
const doc = {
  openapi: "3.2.0",
  info: { title: "t", version: "1.0.0" },
  tags: TAGS,
  paths: {
    "/browsers": { get: op(["Browsers"]) },
    "/browsers/{id}/fs/read_file": { get: op(["File system", "Beta"]) },
    "/browsers/{id}/fs/files": { get: op(["File system"]) },
    "/browsers/{id}/fs/dirs": { get: op(["File system"]) },
    "/watches/{id}": { delete: op(["Watches"]) },
    "/browsers/{id}/watches": { get: op(["Beta", "Watches"]) },
    "/partner/files": { get: op(["Partner files"]) },
    "/untagged/things": { get: ok },
    "/named": { get: op(["Browsers"], { "x-client-method": "browsers.named" }) },
  },
};

describe("the client's groups from nested tags", () => {
  it("are each tag's parents and its own, outermost first, where the tags nest; a badge or audience tag groups nothing", () => {
    expect(Object.fromEntries(tagGroups(TAGS) ?? [])).toEqual({
      Browsers: ["browsers"],
      "File system": ["browsers", "fileSystem"],
      Watches: ["browsers", "fileSystem", "watches"],
      "Partner files": ["partnerFiles"],
    });
    // the 3.1 view keeps parent and kind as extensions
    expect(tagGroups(openapi31(doc).spec.tags)).toEqual(tagGroups(TAGS));
    expect(tagGroups([{ name: "a" }, { name: "b", description: "flat" }])).toBeUndefined();
  });

  it("name each operation of such a tag in its groups, the method its path gives; a name taken gets its path's groups too", () => {
    const names = readOperations(openapi31(doc).spec).operations.map((o) => [`${o.method} ${o.path}`, o.name]);

    expect(names).toEqual([
      ["GET /browsers", "browsers.list"],
      ["GET /browsers/{id}/fs/read_file", "browsers.fileSystem.readFile"],
      ["GET /browsers/{id}/fs/files", "browsers.fileSystem.retrieve"],
      // the same method in the same groups: the path's groups that they do not name join them
      ["GET /browsers/{id}/fs/dirs", "browsers.fileSystem.fs.dirs.retrieve"],
      ["DELETE /watches/{id}", "browsers.fileSystem.watches.delete"],
      // an action its tag's group names reads that group's items: a list
      ["GET /browsers/{id}/watches", "browsers.fileSystem.watches.list"],
      ["GET /partner/files", "partnerFiles.retrieve"],
      // no tag: its path's groups, as before
      ["GET /untagged/things", "untagged.things.retrieve"],
      ["GET /named", "browsers.named"],
    ]);
  });
});

describe("the docs page's menu of nested tags", () => {
  it("keeps a tag that only nests others, and lists a tag of no operation as not yet specified", async () => {
    const spec = {
      ...doc,
      tags: [...TAGS, { name: "Animals" }, { name: "Pets", parent: "Animals" }, { name: "Unused" }],
      paths: { ...doc.paths, "/pets": { get: op(["Pets"]) } },
    };

    const page: any = pageDocument(spec, { sampler: await createSampler(spec) });

    expect(page.tags.map((tag: { name: string }) => tag.name)).toEqual([
      "Browsers",
      "File system",
      "Watches",
      "Beta",
      "Partners",
      "Partner files",
      "Animals",
      "Pets",
    ]);
    expect(page.info.description).toContain("- **Unused**");
    expect(page.info.description).not.toContain("**Animals**");
  });
});
