// The tree's shape: the folders that name the architecture, src/'s floors with no import up, and no
// circle of imports in src/, generated/ or scripts/ (a circle makes the order modules load in, and so
// what they see, an accident).
import { existsSync, readdirSync, readFileSync, statSync } from "node:fs";
import { dirname, join, relative, resolve } from "node:path";
import ts from "typescript";
import { describe, expect, it } from "vitest";

const root = resolve(import.meta.dirname, "../..");
const CODE = /\.(ts|mjs|js)$/;

/** Every code file below `dir` (fixtures and data folders left out). */
const files = (dir: string): string[] =>
  readdirSync(join(root, dir), { recursive: true, encoding: "utf8" })
    .filter((f) => CODE.test(f) && !f.endsWith(".d.ts") && !f.includes("fixtures") && !f.includes("synthetic-spec/"))
    .map((f) => join(dir, f));

/** The relative imports of each file, as files of the tree: static, dynamic and type-only alike. */
function importGraph(dirs: string[]): Map<string, string[]> {
  const graph = new Map<string, string[]>();
  for (const file of dirs.flatMap(files)) {
    const { importedFiles } = ts.preProcessFile(readFileSync(join(root, file), "utf8"), true, true);
    const targets = importedFiles
      .map((i) => i.fileName)
      .filter((name) => name.startsWith("."))
      .map((name) => {
        const target = relative(root, resolve(root, dirname(file), name));
        return existsSync(join(root, target)) ? target : target.replace(/\.js$/, ".ts");
      })
      .filter((target) => existsSync(join(root, target)) && statSync(join(root, target)).isFile());
    graph.set(file, targets);
  }
  return graph;
}

/** Each circle of the graph, as the files around it. */
function circles(graph: Map<string, string[]>): string[][] {
  const state = new Map<string, "open" | "done">();
  const stack: string[] = [];
  const found: string[][] = [];
  const visit = (file: string) => {
    state.set(file, "open");
    stack.push(file);
    for (const next of graph.get(file) ?? []) {
      if (state.get(next) === "open") found.push([...stack.slice(stack.indexOf(next)), next]);
      else if (!state.has(next)) visit(next);
    }
    stack.pop();
    state.set(file, "done");
  };
  for (const file of graph.keys()) if (!state.has(file)) visit(file);
  return found;
}

/**
 * src/'s floors, from the ground up: a file imports only files of its floor or below. The ground
 * (errors, config and its options, policy, retry, abort, auth, the transport) imports nothing of the
 * client; the checks and lists stand on it; uploads, streams and webhooks on those; the client's
 * surface (the methods, the client, the standalone functions, a row and its answer) on all of them;
 * the entries on top.
 */
const FLOORS = [
  ["src/core/"],
  ["src/checks/", "src/lists/"],
  ["src/uploads/", "src/streams/", "src/webhooks/"],
  ["src/client/"],
  ["src/testing/", "src/index.ts", "src/operations.ts"],
];

/**
 * The floor of each file of `graph` under src/ (by its folder) or generated/ (the highest floor it
 * reaches through its imports: the generated modules sit between the parts they join).
 */
function floors(graph: Map<string, string[]>): Map<string, number> {
  const floor = new Map<string, number>();
  const of = (file: string, seen = new Set<string>()): number => {
    const known = floor.get(file);
    if (known !== undefined) return known;
    const own = FLOORS.findIndex((parts) => parts.some((part) => file.startsWith(part)));
    let level = own;
    if (own < 0 && !seen.has(file)) {
      seen.add(file);
      level = Math.max(0, ...(graph.get(file) ?? []).map((next) => of(next, seen)));
    }
    floor.set(file, level);
    return level;
  };
  for (const [file, targets] of graph) for (const one of [file, ...targets]) of(one);
  return floor;
}

/** Each import of a src/ file that reaches a floor above its own, as `from (floor) -> to (floor)`. */
function upwardImports(graph: Map<string, string[]>): string[] {
  const floor = floors(graph);
  return [...graph]
    .filter(([file]) => file.startsWith("src/"))
    .flatMap(([file, targets]) =>
      targets
        .filter((target) => floor.get(target)! > floor.get(file)!)
        .map((target) => `${file} (${floor.get(file)}) -> ${target} (${floor.get(target)})`),
    );
}

describe("the tree", () => {
  it("names the client's parts and the pipeline's stages in its folders, and their tests mirror them", () => {
    const folders = (dir: string) =>
      readdirSync(join(root, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();

    expect(folders("src")).toEqual(["checks", "client", "core", "lists", "streams", "testing", "uploads", "webhooks"]);
    expect(folders("scripts/lib")).toEqual([
      "build",
      "dev",
      "docs",
      "generate",
      "init",
      "mock",
      "mutation",
      "shared",
      "spec",
      "synthetic",
    ]);
    expect(folders("test/src")).toEqual(folders("src"));
    // every group of scripts/lib/ that has tests has them in the folder of its name
    for (const group of folders("test/scripts").filter((f) => f !== "fixtures"))
      expect(folders("scripts/lib").concat("bench")).toContain(group);
  });

  it("has no circle of imports in src/, generated/ or scripts/", () => {
    const graph = importGraph(["src", "generated", "scripts"]);

    expect(graph.size).toBeGreaterThan(100);
    expect(circles(graph).map((circle) => circle.join(" -> "))).toEqual([]);
  });

  it("has no import in src/ from a floor to one above it, the ground's included", () => {
    const graph = importGraph(["src", "generated"]);
    const placed = [...graph.keys()].filter((file) => file.startsWith("src/"));

    // every file of src/ stands on a floor
    expect(placed.filter((file) => !FLOORS.flat().some((part) => file.startsWith(part)))).toEqual([]);
    expect(upwardImports(graph)).toEqual([]);
  });

  it("would see an import up, through a generated module too", () => {
    const graph = new Map([
      ["src/core/errors.ts", ["src/core/policy.js"]],
      ["src/core/config.ts", ["generated/meta.ts"]],
      ["generated/meta.ts", ["src/client/client.ts"]],
      ["src/checks/check.ts", ["src/core/errors.ts", "src/lists/pages.ts"]],
      ["src/lists/pages.ts", ["src/streams/stream-read.ts"]],
    ]);

    expect(upwardImports(graph)).toEqual([
      "src/core/config.ts (0) -> generated/meta.ts (3)",
      "src/lists/pages.ts (1) -> src/streams/stream-read.ts (2)",
    ]);
  });

  it("would see a circle, of type-only imports too", () => {
    const graph = new Map([
      ["a.ts", ["b.ts"]],
      ["b.ts", ["c.ts"]],
      ["c.ts", ["a.ts"]],
      ["d.ts", ["a.ts"]],
    ]);

    expect(circles(graph)).toEqual([["a.ts", "b.ts", "c.ts", "a.ts"]]);
    const { importedFiles } = ts.preProcessFile(
      'import type { A } from "./a.js";\nconst b = await import("./b.mjs");\nexport { c } from "./c.js";',
      true,
      true,
    );
    expect(importedFiles.map((i) => i.fileName)).toEqual(["./a.js", "./b.mjs", "./c.js"]);
  });
});
