// No file of the project reads another package's private files: an import reaches a package only
// through what its package.json `exports` lists (its main entry, when it has no `exports`), a path
// into node_modules/ names only a package.json or a command the package declares in its `bin`, and
// nothing is required from inside another package to borrow its dependencies. What a package does
// not export may move in any release, a minor one included; what it exports is its promise.
import { existsSync, readdirSync, readFileSync } from "node:fs";
import { builtinModules } from "node:module";
import { join, relative } from "node:path";
import { fileURLToPath } from "node:url";
import { describe, expect, it } from "vitest";

const root = fileURLToPath(new URL("../..", import.meta.url));
/** The folders whose code is scanned. */
const FOLDERS = ["src", "scripts", "test"];
/** Code, by extension; YAML and JSON fixtures and recorded runs are data, not code. */
const CODE = /\.(?:[cm]?[jt]s|sh)$/;
// this file holds samples of what it refuses, each checked below
const SELF = fileURLToPath(import.meta.url);
/**
 * Deep imports a package documents as its entry points though it has no `exports` map, each with
 * where it says so. Ajv: "JSON Schema draft 2020-12", https://ajv.js.org/json-schema.html#draft-2020-12
 */
const DOCUMENTED: Record<string, string[]> = { ajv: ["dist/2020", "dist/2020.js"] };

const own = JSON.parse(readFileSync(join(root, "package.json"), "utf8"));

interface Manifest {
  name?: string;
  bin?: string | Record<string, string>;
  exports?: unknown;
}

/** A package's package.json as installed here: this project's own for its own name; undefined when it is not installed. */
function manifest(name: string): Manifest | undefined {
  if (name === own.name) return own;
  const file = join(root, "node_modules", name, "package.json");
  return existsSync(file) ? JSON.parse(readFileSync(file, "utf8")) : undefined;
}

/** The files a package's `bin` names, without a leading ".". */
function binFiles(pkg: Manifest): string[] {
  const bin = typeof pkg.bin === "string" ? [pkg.bin] : Object.values(pkg.bin ?? {});
  return bin.map((file) => file.replace(/^\.\//, ""));
}

/** The subpath keys of an `exports` map ("." and "./x"), or none when it is a bare target or absent. */
function exportKeys(exports: unknown): string[] {
  if (!exports || typeof exports !== "object" || Array.isArray(exports)) return exports ? ["."] : [];
  const keys = Object.keys(exports);
  return keys.some((key) => key.startsWith(".")) ? keys : ["."];
}

/** Whether `./sub` is a subpath `exports` offers, wildcards included. */
function exported(exports: unknown, sub: string): boolean {
  return exportKeys(exports).some((key) => {
    const [head = "", tail] = key.split("*");
    if (tail === undefined) return key === `./${sub}`;
    const path = `./${sub}`;
    return path.startsWith(head) && path.endsWith(tail) && path.length >= head.length + tail.length;
  });
}

/** A bare specifier split into its package name and the subpath after it ("" for the package itself). */
function splitSpecifier(specifier: string): { name: string; sub: string } {
  const parts = specifier.split("/");
  const size = specifier.startsWith("@") ? 2 : 1;
  return { name: parts.slice(0, size).join("/"), sub: parts.slice(size).join("/") };
}

/**
 * Every reach into another package's private files in `text`, as `line: what`.
 * @param text a file's source
 */
function reaches(text: string): string[] {
  const found: string[] = [];
  const lineOf = (index: number) => text.slice(0, index).split("\n").length;

  // a path into node_modules/<package>/...: only its package.json and its declared commands
  for (const match of text.matchAll(/node_modules\/((?:@[\w.-]+\/)?[\w.-]+)\/([\w.@/-]*[\w.-])/g)) {
    const [path, name = "", sub = ""] = match;
    // .bin and .cache are npm's and the project's own; its own package is its tests' to read
    if (name.startsWith(".") || name === own.name || sub === "package.json") continue;
    const pkg = manifest(name);
    if (pkg && binFiles(pkg).includes(sub)) continue;
    found.push(
      `${lineOf(match.index)}: ${path} is a file inside ${name}, not its package.json or a command it declares`,
    );
  }

  // an import, require or resolve of <package>/<subpath> the package does not export
  const specifiers =
    /(?:\bfrom\s*|\bimport\s*\(\s*|\bimport\s+|\brequire\s*\(\s*|\brequire\.resolve\s*\(\s*|\bimport\.meta\.resolve\s*\(\s*)(["'`])([^"'`\s]+)\1/g;
  for (const match of text.matchAll(specifiers)) {
    const specifier = match[2] ?? "";
    // relative, absolute, URL and built-in modules, and specifiers built at run time, name no package
    if (
      /^[./$]|^[a-z]+:/i.test(specifier) ||
      specifier.includes("${") ||
      builtinModules.includes(specifier.split("/")[0] ?? "")
    )
      continue;
    const { name, sub } = splitSpecifier(specifier);
    if (!sub || sub === "package.json" || DOCUMENTED[name]?.includes(sub)) continue;
    const pkg = manifest(name);
    if (pkg?.exports !== undefined && exported(pkg.exports, sub)) continue;
    found.push(`${lineOf(match.index)}: ${specifier} is not a subpath ${name} exports`);
  }

  // a require made from inside another package, to load what that package depends on
  for (const match of text.matchAll(/createRequire\s*\(([^;\n]*)/g)) {
    if ((match[1] ?? "").includes("node_modules"))
      found.push(
        `${lineOf(match.index)}: createRequire from inside node_modules borrows another package's dependencies`,
      );
  }
  return found;
}

/** Every code file under `dir`, node_modules left out. */
function codeFiles(dir: string): string[] {
  return readdirSync(dir, { withFileTypes: true }).flatMap((entry) => {
    const path = join(dir, entry.name);
    if (entry.isDirectory()) return entry.name === "node_modules" ? [] : codeFiles(path);
    return CODE.test(entry.name) ? [path] : [];
  });
}

describe("reaches into other packages", () => {
  it.each([
    [
      'const lib = fromRoot("node_modules/@redocly/cli/lib");',
      "1: node_modules/@redocly/cli/lib is a file inside @redocly/cli, not its package.json or a command it declares",
    ],
    [
      'readFileSync(join(root, "node_modules/@redocly/cli/lib/index.js"), "utf8");',
      "1: node_modules/@redocly/cli/lib/index.js is a file inside @redocly/cli, not its package.json or a command it declares",
    ],
    [
      'const { handler } = await import("@redocly/cli/lib/index.js");',
      "1: @redocly/cli/lib/index.js is not a subpath @redocly/cli exports",
    ],
    [
      'import { parseYaml } from "@redocly/openapi-core/lib/js-yaml/index.js";',
      "1: @redocly/openapi-core/lib/js-yaml/index.js is not a subpath @redocly/openapi-core exports",
    ],
    [
      'const yaml = createRequire(fromRoot("node_modules/@redocly/openapi-core/package.json"))("js-yaml");',
      "1: createRequire from inside node_modules borrows another package's dependencies",
    ],
  ])("refuses %s", (source, finding) => {
    expect(reaches(source)).toEqual([finding]);
  });

  it.each([
    'const CLI = fromRoot("node_modules/@redocly/cli/bin/cli.js");',
    'const tsc = join(dir, "node_modules/typescript/bin/tsc");',
    'spawn(join(root, "node_modules/.bin/redocly"), ["lint"]);',
    'const manifest = require.resolve("@redocly/cli/package.json");',
    'import { bundle } from "@redocly/openapi-core/lib/bundle-oas";',
    'import { defineConfig } from "vitest/config";',
    'import { Ajv2020 } from "ajv/dist/2020.js";',
    'import { load } from "js-yaml";',
    'const CACHE = join(root, "node_modules/.cache/generate-once");',
    `readFileSync(join(project, "node_modules/${own.name}/dist/openapi.json"), "utf8");`,
  ])("allows %s", (source) => {
    expect(reaches(source)).toEqual([]);
  });

  it("finds none in src/, scripts/ or test/", () => {
    const files = FOLDERS.flatMap((folder) => codeFiles(join(root, folder))).filter((file) => file !== SELF);
    const found = files.flatMap((file) =>
      reaches(readFileSync(file, "utf8")).map((line) => `${relative(root, file)}:${line}`),
    );

    expect(files.length).toBeGreaterThan(100);
    expect(found).toEqual([]);
  });
});

describe("js-yaml, imported as the project's own dependency", () => {
  it("is the one copy @redocly/openapi-core reads the spec with: declared here, with no copy of its own under openapi-core", () => {
    const lock = JSON.parse(readFileSync(join(root, "package-lock.json"), "utf8"));
    const copies = Object.keys(lock.packages).filter(
      (key) => key === "node_modules/js-yaml" || key.endsWith("/node_modules/js-yaml"),
    );

    expect(own.devDependencies["js-yaml"]).toBeDefined();
    expect(lock.packages["node_modules/@redocly/openapi-core"].dependencies["js-yaml"]).toBeDefined();
    expect(copies).toContain("node_modules/js-yaml");
    expect(copies.filter((key) => key.startsWith("node_modules/@redocly/openapi-core/"))).toEqual([]);
  });
});
