// The tests `npm run mutation` runs against each mutant of src/: the client's unit tests and the
// contract suite. The script tests (test/scripts/, which copy the project and run the pipeline),
// the package, docs and dev stages test the pipeline, not src/, and would take hours per run.
// Mutants of all of src/ number over 3,000: narrow a run with --files.
import { relative } from "node:path";
import { fileURLToPath } from "node:url";
import { defineConfig } from "vitest/config";
import { BaseSequencer, type TestSpecification } from "vitest/node";

/**
 * Each mutant's tests stop at the first that fails: the files that failed for the last mutant run
 * first (the next mutant is most often a neighbour of the same code), then the quickest ones.
 * Vitest's own order runs the slowest first, which keeps a mutant the unit tests kill at once
 * waiting on the slow retry and stream tests.
 */
class QuickFirst extends BaseSequencer {
  override async sort(files: TestSpecification[]): Promise<TestSpecification[]> {
    const last = (file: TestSpecification) =>
      this.ctx.cache.getFileTestResults(`${file.project.name}:${relative(this.ctx.config.root, file.moduleId)}`);
    const rank = (file: TestSpecification): [number, number] => {
      const result = last(file);
      return [result?.failed ? 0 : 1, result?.duration ?? 0];
    };
    return [...files].sort((a, b) => {
      const [x, y] = [rank(a), rank(b)];
      return x[0] - y[0] || x[1] - y[1];
    });
  }
}

export default defineConfig({
  root: fileURLToPath(new URL("../..", import.meta.url)),
  test: {
    include: ["test/src/**/*.test.ts", "test/contract/**/*.test.ts"],
    globalSetup: ["test/setup/mock-server.ts"],
    testTimeout: 15_000,
    // where each test starts, for incremental runs (scripts/lib/mutation/test-runner.mjs)
    includeTaskLocation: true,
    sequence: { sequencer: QuickFirst },
    // the first three read src/'s text, which Stryker has rewritten with its instrumentation: they
    // guard the source as written (no node: import, no operation named, what a bundle of it keeps:
    // instrumented, every check stays reachable), not its behaviour; the last three run tsc over a
    // client's types, which no runtime mutant changes, for seconds each
    testNamePattern:
      /^(?!.*(find no node: module|names no path segment, operationId|a bundle holds the checks of the formats|types list items and form fields|types each stream's events|types each answer's body)).*$/,
  },
});
