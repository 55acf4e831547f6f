import { execFile } from "node:child_process";
import { cpSync, existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { join, resolve } from "node:path";
import { isDeepStrictEqual, promisify } from "node:util";
import { afterAll, describe, expect, it } from "vitest";
import * as gate from "../../scripts/lib/spec/changes.mjs";
import type { Change } from "../../scripts/lib/spec/changes.mjs";
import * as versions from "../../scripts/lib/spec/versions.mjs";
import * as generate from "../../scripts/lib/generate/render.mjs";

type Spec = any;

const root = resolve(import.meta.dirname, "../..");
const script = join(root, "scripts/breaking-changes.mjs");
const readJson = (file: string): Spec => JSON.parse(readFileSync(file, "utf8"));

// the gate's own project (see fixtures/breaking/README.md), so that edits of openapi/ change no count here
const fixture = join(import.meta.dirname, "fixtures/breaking");
/** The fixture's releases: 0.1.0 dereferenced, as releases were written before; 0.2.0 with its $refs kept, equal to the spec. */
const dereferencedRelease: Spec = readJson(join(fixture, "openapi/released/0.1.0.json"));
const refRelease: Spec = readJson(join(fixture, "openapi/released/0.2.0.json"));

const temps: string[] = [];
afterAll(() => temps.forEach((dir) => rmSync(dir, { recursive: true, force: true })));

/** A copy of the fixture project (redocly.yaml, openapi/ and its released/) that a test may edit. */
function project(): string {
  const dir = mkdtempSync(join(tmpdir(), "breaking-"));
  temps.push(dir);
  cpSync(fixture, dir, { recursive: true });
  return dir;
}

function edit(dir: string, file: string, from: string, to: string) {
  const path = join(dir, "openapi", file);
  const text = readFileSync(path, "utf8");
  if (!text.includes(from)) throw new Error(`${file} has no ${JSON.stringify(from)}`);
  writeFileSync(path, text.replace(from, to));
}

function setVersion(dir: string, version: string) {
  edit(dir, "openapi.yaml", "\n  version: 0.2.0\n", `\n  version: ${version}\n`);
}

async function bundled(dir: string): Promise<Spec> {
  return (await generate.bundleSpec(join(dir, "redocly.yaml"))).spec;
}

async function gateCli(dir: string, ...args: string[]): Promise<{ code: number; out: string }> {
  const run = promisify(execFile);
  const result = await run(process.execPath, [script, "--config", join(dir, "redocly.yaml"), ...args], {
    cwd: dir,
  }).then(
    (r) => ({ code: 0, ...r }),
    (err) => ({ code: err.code as number, stdout: err.stdout as string, stderr: err.stderr as string }),
  );
  return { code: result.code, out: result.stdout + result.stderr };
}

/** The difference lines the gate printed. */
const listed = (out: string) => out.split("\n").filter((l) => /^lint:breaking: {3}/.test(l));

// the edits of a 0.2.0 -> 0.3.0 change: a response field gone, a request field narrowed
function breakingEdits(dir: string) {
  edit(dir, "components/schemas/OrgLimits.yaml", "  - max_concurrent_sessions\n", "");
  const orgLimits = readFileSync(join(dir, "openapi/components/schemas/OrgLimits.yaml"), "utf8");
  const from = orgLimits.indexOf("  max_concurrent_sessions:\n");
  const to = orgLimits.indexOf("  default_project_max_concurrent_sessions:\n");
  writeFileSync(join(dir, "openapi/components/schemas/OrgLimits.yaml"), orgLimits.slice(0, from) + orgLimits.slice(to));
  edit(
    dir,
    "components/schemas/ClickMouseRequest.yaml",
    "  x:\n    type: integer\n    minimum: 0\n",
    "  x:\n    type: integer\n    minimum: 0\n    maximum: 7680\n",
  );
}

/** Client annotations on two operations of the fixture, as the spec may gain them. */
function annotate(dir: string) {
  edit(
    dir,
    "paths/org_limits.yaml",
    "  operationId: getOrgLimits\n",
    "  operationId: getOrgLimits\n  x-client-method: organization.limits.retrieve\n  x-idempotent: true\n  x-codeSamples:\n    - lang: TypeScript\n      source: await client.organization.limits.retrieve();\n",
  );
  edit(
    dir,
    "paths/browsers_{id}_computer_click_mouse.yaml",
    "  operationId: clickMouse\n",
    "  operationId: clickMouse\n  x-client-method: browsers.computer.clickMouse\n  x-idempotent: false\n",
  );
}

const rulesOf = (changes: Change[]) => [...new Set(changes.flatMap((c) => c.rules))].sort();
const breakingOf = (changes: Change[]) =>
  changes.filter((c) => c.breaking).map((c) => `${c.pointer} (${c.rules.join(", ")})`);

// every test below works on a project of its own, so they run side by side; some run the gate's
// command three or four times, five at once: the timeout only bounds a hang on a busy 2-core machine
describe.concurrent("the breaking-change gate", { timeout: 60_000 }, () => {
  it("bundles the spec with its $refs kept, a recursive schema as a $ref to itself, and finds it equal to its release", async ({
    expect,
  }) => {
    const { spec } = await generate.bundleSpec(join(fixture, "redocly.yaml"));

    const changes = await gate.compareSpecs(refRelease, spec);

    expect(spec.components.schemas.CallStack.properties.caller).toEqual({ $ref: "#/components/schemas/CallStack" });
    expect(spec.paths["/org/limits"].get.responses["401"]).toEqual({ $ref: "#/components/responses/Unauthorized" });
    expect(changes).toEqual([]);
  });

  it("compares a dereferenced release with a spec that keeps its $refs: the recursive operation added since is the only change", async ({
    expect,
  }) => {
    const spec = await bundled(fixture);

    const changes = await gate.compareSpecs(dereferencedRelease, spec);

    expect(changes).toEqual([
      {
        pointer: "/paths/~1browsers~1{id}~1stack",
        kind: "added",
        what: "added",
        impact: "minor",
        breaking: false,
        rules: [],
      },
      {
        pointer: "/components/schemas/CallStack",
        kind: "added",
        what: "added",
        impact: "minor",
        breaking: false,
        rules: [],
      },
    ]);
    expect(versions.requiredVersion("0.1.0", changes)).toBe("0.1.1");
  });

  it("fails a removed response field and a narrowed request field while info.version stays 0.2.0", async ({
    expect,
  }) => {
    const dir = project();
    breakingEdits(dir);

    const { code, out } = await gateCli(dir);

    expect(code).toBe(1);
    // with refs kept, a change to a component points into that component
    expect(out).toContain(
      "lint:breaking:   breaking     /components/schemas/OrgLimits/properties/max_concurrent_sessions removed: Property `max_concurrent_sessions` of `OrgLimits` was removed. (property-removed)",
    );
    expect(out).toContain(
      "lint:breaking:   breaking     /components/schemas/ClickMouseRequest/properties/x/maximum maximum (none) -> 7680",
    );
    expect(out).toContain(
      "lint:breaking: 3 breaking changes, 2 non-breaking changes since 0.2.0; info.version 0.2.0 must be at least 0.3.0 (0.2.0 is released with other content)",
    );
    // every difference is one line: pointer, what changed, and the verdict
    expect(listed(out)).toHaveLength(5);
    for (const line of listed(out)) expect(line).toMatch(/^lint:breaking: {3}(breaking {4}|non-breaking) \/\S+ \S/);
  });

  it("rates the same edits against the dereferenced release as against the one with $refs kept", async ({ expect }) => {
    const dir = project();
    breakingEdits(dir);
    const spec = await bundled(dir);

    const changes = await gate.compareSpecs(dereferencedRelease, spec);

    // the rules the test above sees against 0.2.0; the dereferenced release held the field where the operation used it
    expect(rulesOf(changes)).toEqual(["property-removed", "required-properties-removed", "schema-constraint-changed"]);
    expect(breakingOf(changes)).toContain(
      "/paths/~1org~1limits/get/responses/200/content/application~1json/schema/properties/max_concurrent_sessions (property-removed)",
    );
    expect(breakingOf(changes)).toContain(
      "/components/schemas/ClickMouseRequest/properties/x/maximum (schema-constraint-changed)",
    );
  });

  it("rates a change inside a recursive schema as the response that returns it, once", async ({ expect }) => {
    const dir = project();
    edit(dir, "components/schemas/CallStack.yaml", "  - line\n", "");
    edit(
      dir,
      "components/schemas/CallStack.yaml",
      "  line:\n    type: integer\n    minimum: 1\n    description: The line being run.\n    example: 42\n",
      "",
    );
    const spec = await bundled(dir);

    const changes = await gate.compareSpecs(refRelease, spec);

    expect(breakingOf(changes).sort()).toEqual([
      "/components/schemas/CallStack/properties/line (property-removed)",
      "/components/schemas/CallStack/required (required-properties-removed)",
    ]);
    expect(changes.filter((c) => !c.breaking).map((c) => c.pointer)).toEqual(["/components/schemas/CallStack"]);
    expect(versions.requiredVersion("0.2.0", changes)).toBe("0.3.0");
  });

  it("reports a shared schema's change once, in the component, rated by the responses that use it", async ({
    expect,
  }) => {
    const after = structuredClone(refRelease);
    delete after.components.schemas.Error.properties.details;

    const changes = await gate.compareSpecs(refRelease, after);

    // the shared responses point at Error as before, so they are not changed themselves
    expect(changes).toEqual([
      expect.objectContaining({
        pointer: "/components/schemas/Error/properties/details",
        kind: "removed",
        breaking: true,
        rules: ["property-removed"],
      }),
      expect.objectContaining({ pointer: "/components/schemas/Error", kind: "modified", breaking: false }),
    ]);
  });

  it("lists client annotations added to operations and passes them without a bump", async ({ expect }) => {
    const dir = project();
    annotate(dir);

    const { code, out } = await gateCli(dir);

    expect(code, out).toBe(0);
    expect(out).toContain(
      'lint:breaking:   non-breaking /paths/~1org~1limits/get/x-client-method x-client-method (none) -> "organization.limits.retrieve": client annotation, no bump needed',
    );
    expect(out).toContain(
      "lint:breaking:   non-breaking /paths/~1browsers~1{id}~1computer~1click_mouse/post/x-idempotent x-idempotent (none) -> false: client annotation, no bump needed",
    );
    expect(out).toContain(
      "lint:breaking:   non-breaking /paths/~1org~1limits/get/x-codeSamples added: client annotation, no bump needed",
    );
    expect(listed(out)).toHaveLength(5);
    for (const line of listed(out)) expect(line).toMatch(/: client annotation, no bump needed$/);
    expect(out).toContain("lint:breaking: 5 client annotation changes since 0.2.0; info.version 0.2.0 needs no bump");
  });

  it("takes changed and removed client annotations as needing no bump, also on a path item under components/pathItems, and any other change beside them as needing one", async ({
    expect,
  }) => {
    const before = structuredClone(refRelease);
    Object.assign(before.paths["/org/limits"].get, {
      "x-client-method": "organization.limits.retrieve",
      "x-idempotent": true,
      "x-codeSamples": [{ lang: "TypeScript", source: "await client.organization.limits.retrieve();" }],
    });
    before.paths["/deployments/{id}"].delete["x-client-method"] = "deployments.delete";
    before.components.pathItems = { Deployment: before.paths["/deployments/{id}"] };
    before.paths["/deployments/{id}"] = { $ref: "#/components/pathItems/Deployment" };
    const after = structuredClone(before);
    Object.assign(after.paths["/org/limits"].get, {
      "x-client-method": "org.limits.get",
      "x-idempotent": false,
      "x-codeSamples": [{ lang: "TypeScript", source: "await client.org.limits.get();" }],
    });
    delete after.components.pathItems.Deployment.delete["x-client-method"];
    after.paths["/org/limits"].get.summary = "Read organization limits";

    const changes = await gate.compareSpecs(before, after);
    const annotations = changes.filter((c) => c.impact === "none");

    expect(changes.filter((c) => c.impact !== "none")).toEqual([
      expect.objectContaining({ pointer: "/paths/~1org~1limits/get/summary", impact: "patch", breaking: false }),
    ]);
    expect(annotations.map((c) => c.pointer)).toEqual(
      expect.arrayContaining([
        "/paths/~1org~1limits/get/x-client-method",
        "/paths/~1org~1limits/get/x-idempotent",
        "/components/pathItems/Deployment/delete",
      ]),
    );
    expect(annotations.some((c) => c.pointer.startsWith("/paths/~1org~1limits/get/x-codeSamples"))).toBe(true);
    for (const c of annotations) expect(c.what).toMatch(/: client annotation, no bump needed$/);
    expect(versions.checkVersion("0.2.0", "0.2.0", annotations)).toEqual({
      ok: true,
      message: `${annotations.length} client annotation changes since 0.2.0; info.version 0.2.0 needs no bump`,
    });
    expect(versions.checkVersion("0.2.0", "0.2.0", changes).message).toBe(
      `1 non-breaking change, ${annotations.length} client annotation changes since 0.2.0; info.version 0.2.0 must be at least 0.2.1 (0.2.0 is released with other content)`,
    );
  });

  it("fails a description-only change without a bump and passes it with a patch bump", async ({ expect }) => {
    const dir = project();
    edit(
      dir,
      "paths/org_limits.yaml",
      "Reads the concurrency limits of the authenticated organization.",
      "Reads the organization's concurrency limits.",
    );
    edit(
      dir,
      "components/schemas/ErrorDetail.yaml",
      "description: Detail message.",
      "description: More about the error.",
    );
    const spec = await bundled(dir);

    const changes = await gate.compareSpecs(refRelease, spec);

    expect(changes.length).toBeGreaterThan(0);
    expect(changes.filter((c) => c.breaking)).toEqual([]);
    expect(versions.requiredVersion("0.2.0", changes)).toBe("0.2.1");
    expect(versions.checkVersion("0.2.0", "0.2.0", changes)).toEqual({
      ok: false,
      message: `${changes.length} non-breaking changes since 0.2.0; info.version 0.2.0 must be at least 0.2.1 (0.2.0 is released with other content)`,
    });
    expect(versions.checkVersion("0.2.0", "0.2.1", changes).ok).toBe(true);
  });

  it("refuses a dereferenced document that holds a cycle, and says how to bundle it", async ({ expect }) => {
    const cyclic = structuredClone(dereferencedRelease);
    cyclic.components.schemas.Error.properties.cause = cyclic.components.schemas.Error;

    await expect(gate.compareSpecs(dereferencedRelease, cyclic)).rejects.toThrow(
      /^the current spec cannot be written as JSON \(.+\); bundle it with its \$refs kept/,
    );
  });

  it("records a breaking change as a release once info.version is 0.3.0, with its $refs kept, then finds no change, and never overwrites it", async ({
    expect,
  }) => {
    const dir = project();
    breakingEdits(dir);
    setVersion(dir, "0.3.0");

    const recorded = await gateCli(dir, "--release");
    expect(recorded.code, recorded.out).toBe(0);
    expect(recorded.out).toContain(
      "lint:breaking: 3 breaking changes, 2 non-breaking changes since 0.2.0; info.version 0.3.0 carries them (at least 0.3.0 needed)",
    );
    expect(recorded.out).toContain("lint:breaking: wrote openapi/released/0.3.0.json (release 0.3.0)");
    const written = readFileSync(join(dir, "openapi/released/0.3.0.json"), "utf8");
    expect(written).toBe(`${JSON.stringify(await bundled(dir), null, 2)}\n`);
    expect(JSON.parse(written).components.schemas.CallStack.properties.caller).toEqual({
      $ref: "#/components/schemas/CallStack",
    });

    const after = await gateCli(dir);
    expect(after.code, after.out).toBe(0);
    expect(after.out).toContain("lint:breaking: comparing with openapi/released/0.3.0.json");
    expect(after.out).toContain("lint:breaking: no change since 0.3.0; info.version 0.3.0 needs no bump");

    const again = await gateCli(dir, "--release");
    expect(again.code).toBe(1);
    expect(again.out).toContain("openapi/released/0.3.0.json exists; a release is never overwritten");
  });

  it("refuses to record a release whose version does not carry its changes", async ({ expect }) => {
    const dir = project();
    breakingEdits(dir);
    setVersion(dir, "0.2.1");

    const { code, out } = await gateCli(dir, "--release");

    expect(code).toBe(1);
    expect(out).toContain(
      "lint:breaking: 3 breaking changes, 2 non-breaking changes since 0.2.0; info.version 0.2.1 must be at least 0.3.0",
    );
    expect(existsSync(join(dir, "openapi/released/0.2.1.json"))).toBe(false);
  });
});

describe("the version rules", () => {
  it("fail a version that goes backwards, even with no change", () => {
    expect(versions.checkVersion("0.2.0", "0.1.9", [])).toEqual({
      ok: false,
      message: "info.version 0.1.9 goes backwards: 0.2.0 is already released",
    });
  });

  it("bump minor for a breaking change and patch for any other while the version is 0.x, by impact from 1.0.0, and not for client annotations", () => {
    const change = (impact: Change["impact"]): Change => ({
      pointer: "/x",
      kind: "modified",
      what: "",
      impact,
      breaking: impact === "major",
      rules: [],
    });

    expect(versions.requiredVersion("0.1.0", [])).toBe("0.1.0");
    expect(versions.requiredVersion("0.1.3", [change("major"), change("patch")])).toBe("0.2.0");
    expect(versions.requiredVersion("0.1.3", [change("minor")])).toBe("0.1.4");
    expect(versions.requiredVersion("1.2.3", [change("major")])).toBe("2.0.0");
    expect(versions.requiredVersion("1.2.3", [change("minor"), change("patch")])).toBe("1.3.0");
    expect(versions.requiredVersion("1.2.3", [change("patch")])).toBe("1.2.4");
    expect(versions.requiredVersion("1.2.3", [change("none"), change("none")])).toBe("1.2.3");
    expect(versions.requiredVersion("1.2.3", [change("none"), change("minor")])).toBe("1.3.0");
    expect(() => versions.checkVersion("0.1.0", "v0.2", [])).toThrow(/not a semver version/);
    expect(() => versions.checkVersion("0.1.0", "0.2.0+build.5", [])).toThrow(/not a semver version/);
  });

  it("order pre-releases as semver does: any change after one takes the next, and a pre-release of the version needed carries a change", () => {
    const breaking: Change = { pointer: "/x", kind: "removed", what: "", impact: "major", breaking: true, rules: [] };

    // the least version after it: "dev0" is one identifier, compared as text, so dev0.0 comes before dev1
    expect(versions.requiredVersion("3.3.6-dev0", [breaking])).toBe("3.3.6-dev0.0");
    expect(versions.requiredVersion("3.3.6-beta.1", [breaking])).toBe("3.3.6-beta.2");
    expect(versions.requiredVersion("3.3.6-dev0", [])).toBe("3.3.6-dev0");
    expect(versions.checkVersion("3.3.6-dev0", "3.3.6-dev1", [breaking]).ok).toBe(true);
    // dev10 is after dev9 (numeric identifiers compare as numbers), and the release after them all
    expect(versions.checkVersion("3.3.6-dev.9", "3.3.6-dev.10", [breaking]).ok).toBe(true);
    expect(versions.checkVersion("3.3.6-dev0", "3.3.6", [breaking]).ok).toBe(true);
    expect(versions.checkVersion("3.3.6", "3.3.6-dev1", [])).toEqual({
      ok: false,
      message: "info.version 3.3.6-dev1 goes backwards: 3.3.6 is already released",
    });
    // 2.0.0 is needed: its beta carries the change, a 1.x does not
    expect(versions.checkVersion("1.2.3", "2.0.0-beta.1", [breaking]).ok).toBe(true);
    expect(versions.checkVersion("1.2.3", "1.3.0-beta.1", [breaking])).toEqual({
      ok: false,
      message: "1 breaking change since 1.2.3; info.version 1.3.0-beta.1 must be at least 2.0.0",
    });
  });

  it("compare with the highest released version, not the last by name", () => {
    const dir = mkdtempSync(join(tmpdir(), "released-"));
    temps.push(dir);
    for (const file of ["0.2.0.json", "0.10.0.json", "0.10.0-rc.1.json", "0.9.1.json", "README.md", "notes.json"])
      writeFileSync(join(dir, file), "{}");

    expect(versions.newestRelease(dir)).toEqual({ version: "0.10.0", file: join(dir, "0.10.0.json") });
    expect(versions.newestRelease(join(dir, "missing"))).toBeUndefined();
  });
});

// this project's own first release, 0.1.0, dereferenced, kept as a fixture (openapi/released/0.1.0.json
// until a team's document replaces it): the table below edits copies of it, whatever openapi/ holds
const released: Spec = readJson(join(root, "test/spec/fixtures/first-release-0.1.0.json"));

describe("the 0.1.0 release", () => {
  it("stays one dereferenced document of the four 0.1.0 operations", () => {
    expect(released.info.version).toBe("0.1.0");
    expect(Object.keys(released.paths)).toEqual([
      "/org/limits",
      "/browsers/{id}/computer/click_mouse",
      "/auth/connections/{id}",
      "/deployments/{id}",
    ]);
    // dereferenced: nothing points elsewhere
    expect(JSON.stringify(released)).not.toContain('"$ref"');
  });
});

/** Every copy of a named schema in a dereferenced spec: the component and each inlined use. */
function copies(doc: Spec, name: string): Spec[] {
  const component = doc.components.schemas[name];
  const found: Spec[] = [component];
  const walk = (node: Spec) => {
    if (!node || typeof node !== "object") return;
    if (node !== component && isDeepStrictEqual(node, component)) found.push(node);
    Object.values(node).forEach(walk);
  };
  walk(doc.paths);
  walk(doc.components);
  return found;
}

/** Edits a schema everywhere it appears, as a change to its one file under openapi/ would. */
function schema(name: string, change: (s: Spec) => void) {
  return (doc: Spec) => copies(doc, name).forEach(change);
}

const click = (doc: Spec) => doc.paths["/browsers/{id}/computer/click_mouse"].post;
const error429 = (doc: Spec) => ({
  description: "Too many requests.",
  content: structuredClone(doc.paths["/org/limits"].get.responses["500"].content),
});
const withPlan = schema("OrgLimits", (s) => (s.properties.plan = { type: "string", enum: ["free", "pro"] }));
const nullableClicks = schema("ClickMouseRequest", (s) => (s.properties.num_clicks.type = ["integer", "null"]));

interface Row {
  change: string;
  edit: (doc: Spec) => void;
  /** applied to both sides first, for rules that need something 0.1.0 does not have */
  base?: (doc: Spec) => void;
  rule?: string;
}

const breaking: Row[] = [
  { change: "a removed path", edit: (d) => delete d.paths["/deployments/{id}"], rule: "path-removed" },
  {
    change: "a removed operation",
    edit: (d) => delete d.paths["/auth/connections/{id}"].delete,
    rule: "operation-removed",
  },
  {
    change: "a removed response status",
    edit: (d) => delete d.paths["/deployments/{id}"].delete.responses["404"],
    rule: "response-removed",
  },
  {
    change: "a request field that becomes required",
    edit: schema("ClickMouseRequest", (s) => s.required.push("button")),
    rule: "required-properties-added",
  },
  {
    change: "a new required parameter",
    edit: (d) => (click(d).parameters = [{ name: "wait", in: "query", required: true, schema: { type: "boolean" } }]),
    rule: "parameter-became-required",
  },
  {
    change: "a new required request property",
    edit: schema("ClickMouseRequest", (s) => {
      s.properties.screen = { type: "integer" };
      s.required.push("screen");
    }),
    rule: "required-properties-added",
  },
  {
    change: "a removed response property",
    edit: schema("OrgLimits", (s) => {
      delete s.properties.max_concurrent_sessions;
      s.required = ["default_project_max_concurrent_sessions"];
    }),
    rule: "property-removed",
  },
  {
    change: "a renamed response property",
    edit: schema("OrgLimits", (s) => {
      s.properties.project_default_max_sessions = s.properties.default_project_max_concurrent_sessions;
      delete s.properties.default_project_max_concurrent_sessions;
      s.required = ["max_concurrent_sessions", "project_default_max_sessions"];
    }),
    rule: "property-removed",
  },
  {
    change: "a required response property that becomes optional",
    edit: schema("OrgLimits", (s) => (s.required = ["max_concurrent_sessions"])),
    rule: "required-properties-removed",
  },
  {
    change: "a response property that becomes nullable",
    edit: schema("OrgLimits", (s) => (s.properties.max_concurrent_sessions.type = ["integer", "null"])),
    rule: "schema-type-changed",
  },
  {
    change: "a request type changed from integer to string",
    edit: schema("ClickMouseRequest", (s) => (s.properties.num_clicks.type = "string")),
    rule: "schema-type-changed",
  },
  {
    change: "a nullable request field that no longer takes null",
    base: nullableClicks,
    edit: schema("ClickMouseRequest", (s) => (s.properties.num_clicks.type = "integer")),
    rule: "schema-type-changed",
  },
  {
    change: "a removed request enum value",
    edit: schema("ClickMouseRequest", (s) => s.properties.button.enum.pop()),
    rule: "enum-values-removed",
  },
  // a client switching on the value, or validating it as this client does, meets a value it does not know
  {
    change: "an added response enum value",
    base: withPlan,
    edit: schema("OrgLimits", (s) => s.properties.plan.enum.push("enterprise")),
    rule: "enum-values-added",
  },
  {
    change: "a changed success status",
    edit: (d) => {
      const responses = click(d).responses;
      responses["204"] = responses["200"];
      delete responses["200"];
    },
    rule: "response-removed",
  },
  {
    change: "a renamed path parameter",
    edit: (d) => {
      const item = d.paths["/deployments/{id}"];
      item.parameters[0].name = "deployment_id";
      delete d.paths["/deployments/{id}"];
      d.paths["/deployments/{deployment_id}"] = item;
    },
    rule: "path-template-changed",
  },
  {
    change: "a path parameter whose type changed",
    edit: (d) => (d.paths["/deployments/{id}"].parameters[0].schema = { type: "integer" }),
    rule: "schema-type-changed",
  },
  {
    change: "a changed security scheme",
    edit: (d) => (d.components.securitySchemes.bearerAuth = { type: "apiKey", in: "header", name: "X-API-Key" }),
    rule: "security-scheme-changed",
  },
  {
    change: "a new maximum on a request field",
    edit: schema("ClickMouseRequest", (s) => (s.properties.x.maximum = 7680)),
    rule: "schema-constraint-changed",
  },
  {
    change: "a tightened minimum on a request field",
    edit: schema("ClickMouseRequest", (s) => (s.properties.x.minimum = 1)),
    rule: "schema-constraint-changed",
  },
  {
    change: "a new minimum on a request field",
    edit: schema("ClickMouseRequest", (s) => (s.properties.num_clicks.minimum = 1)),
    rule: "schema-constraint-changed",
  },
  {
    change: "a removed schema, which the client exports as a type",
    edit: (d) => delete d.components.schemas.ErrorDetail,
    rule: "schema-removed",
  },
];

const nonBreaking: Row[] = [
  {
    change: "new descriptions, summaries and examples",
    edit: (d) => {
      d.info.description += "\nMore.";
      click(d).summary = "Click the mouse";
      schema("OrgLimits", (s) => (s.properties.max_concurrent_sessions.example = 60))(d);
    },
  },
  {
    change: "an added optional request field",
    edit: schema("ClickMouseRequest", (s) => (s.properties.delay_ms = { type: "integer" })),
  },
  {
    change: "an added response property",
    edit: schema("OrgLimits", (s) => (s.properties.max_auth_connections = { type: "integer" })),
  },
  {
    change: "an added operation",
    edit: (d) =>
      (d.paths["/deployments/{id}"].get = {
        operationId: "getDeployment",
        responses: { "200": { description: "The deployment." } },
      }),
  },
  {
    change: "an added path",
    edit: (d) =>
      (d.paths["/browsers"] = {
        get: { operationId: "listBrowsers", responses: { "200": { description: "The browsers." } } },
      }),
  },
  { change: "an added error response", edit: (d) => (d.paths["/org/limits"].get.responses["429"] = error429(d)) },
  { change: "an added tag", edit: (d) => d.tags.push({ name: "Secrets", description: "Manage secrets." }) },
  {
    change: "an added request enum value",
    edit: schema("ClickMouseRequest", (s) => s.properties.button.enum.push("side")),
  },
  {
    change: "a removed response enum value",
    base: withPlan,
    edit: schema("OrgLimits", (s) => s.properties.plan.enum.pop()),
  },
  {
    change: "a request field that takes null too",
    edit: schema("ClickMouseRequest", (s) => (s.properties.x.type = ["integer", "null"])),
  },
  {
    change: "a response field that is no longer nullable",
    edit: schema("OrgLimits", (s) => (s.properties.default_project_max_concurrent_sessions.type = "integer")),
  },
  {
    change: "a dropped bound on a request field",
    edit: schema("ClickMouseRequest", (s) => delete s.properties.x.minimum),
  },
  {
    change: "a required request field that becomes optional",
    edit: schema("ClickMouseRequest", (s) => (s.required = ["x"])),
  },
];

async function rate(row: Row): Promise<Change[]> {
  const before = structuredClone(released);
  row.base?.(before);
  const after = structuredClone(before);
  row.edit(after);
  return gate.compareSpecs(before, after);
}

// each row spawns `redocly diff` on copies of its own, so they run side by side
describe.concurrent("compareSpecs on the dereferenced 0.1.0 release", () => {
  it.for(breaking)("rates $change as breaking ($rule), needing 0.2.0", async (row, { expect }) => {
    const changes = await rate(row);

    expect(changes.filter((c) => c.breaking).flatMap((c) => c.rules)).toContain(row.rule);
    expect(versions.requiredVersion("0.1.0", changes)).toBe("0.2.0");
    expect(versions.checkVersion("0.1.0", "0.1.1", changes).ok).toBe(false);
  });

  it.for(nonBreaking)("rates $change as non-breaking, needing a patch bump", async (row, { expect }) => {
    const changes = await rate(row);

    expect(changes.length).toBeGreaterThan(0);
    expect(changes.filter((c) => c.breaking)).toEqual([]);
    expect(versions.requiredVersion("0.1.0", changes)).toBe("0.1.1");
  });

  it("reports a shared schema's change once per use, with a JSON pointer to it", async ({ expect }) => {
    const changes = await rate({ change: "", edit: schema("Error", (s) => delete s.properties.inner_error) });

    // Error is the body of 12 error responses; the component itself is one more line
    const removed = changes.filter((c) => c.pointer.endsWith("/schema/properties/inner_error"));
    expect(removed).toHaveLength(12);
    expect(removed.every((c) => c.breaking && c.pointer.startsWith("/paths/"))).toBe(true);
    expect(changes.filter((c) => c.pointer.startsWith("/components/"))).toEqual([
      expect.objectContaining({ pointer: "/components/schemas/Error", kind: "modified", breaking: false }),
      ...["Unauthorized", "InternalServerError", "BadRequest", "NotFound"].map((name) =>
        expect.objectContaining({ pointer: `/components/responses/${name}`, kind: "modified", breaking: false }),
      ),
    ]);
  });
});
