// The tree's shape: the folders that name the architecture, and no circle of imports in src/,
// generated/ or scripts/ (a circle makes the order modules load in, and so what they see, an accident).
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

describe("the tree", () => {
  it("names the client's parts and the pipeline's stages in its folders, and their tests mirror them", () => {
    const folders = (dir: string) =>
      readdirSync(join(root, dir), { withFileTypes: true })
        .filter((e) => e.isDirectory())
        .map((e) => e.name)
        .sort();

    expect(folders("src")).toEqual(["checks", "core", "lists", "streams", "testing", "uploads", "webhooks"]);
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
