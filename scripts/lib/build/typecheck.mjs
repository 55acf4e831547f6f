// Typecheck: what `tsc -p .` checks, in a worker thread that keeps its program between checks.
import { resolve } from "node:path";
import { Worker, isMainThread, parentPort, workerData } from "node:worker_threads";
import { root } from "../shared/paths.mjs";

/**
 * @typedef {object} TypecheckResult
 * @property {boolean} ok no error
 * @property {number} errors
 * @property {number} ms wall time of the check
 * @property {string} text tsc's report
 */

/**
 * What `tsc -p .` checks, in a worker thread that keeps its program between checks, so that a
 * check after a regeneration only re-checks the files it affects. check() resolves to
 * a {@link TypecheckResult}; close() ends the worker.
 * @returns {{ check: () => Promise<TypecheckResult>, close: () => Promise<number> }}
 * @example
 * const checker = typechecker();
 * const { ok, text } = await checker.check();
 * await checker.close();
 */
export function typechecker() {
  const worker = new Worker(new URL(import.meta.url), { workerData: { role: "typecheck" } });
  /** @type {{ resolve: (result: TypecheckResult) => void, reject: (err: Error) => void }[]} */
  const waiting = [];
  /** @type {Error | null} */
  let failure = null;
  worker.on("message", (result) => waiting.shift()?.resolve(result));
  worker.on("error", (err) => {
    failure = err;
    for (const w of waiting.splice(0)) w.reject(err);
  });
  return {
    check: () =>
      failure
        ? Promise.reject(failure)
        : new Promise((resolve, reject) => {
            waiting.push({ resolve, reject });
            worker.postMessage("check");
          }),
    close: () => worker.terminate(),
  };
}

// the worker's side: one builder program, re-created on each request from the one before
async function typecheckWorker() {
  const { default: ts } = await import("typescript");
  /** @type {Map<string, { text: string | undefined, source: import("typescript").SourceFile }>} */
  const sources = new Map(); // unchanged files keep their parsed tree
  /** @type {import("typescript").SemanticDiagnosticsBuilderProgram | undefined} */
  let builder;
  const port = parentPort;
  if (!port) throw new Error("typecheck: the worker side runs only in a worker thread");
  port.on("message", () => {
    const started = performance.now();
    const parsed = ts.getParsedCommandLineOfConfigFile(
      resolve(root, "tsconfig.json"),
      {},
      {
        ...ts.sys,
        onUnRecoverableConfigFileDiagnostic: (d) => {
          throw new Error(ts.flattenDiagnosticMessageText(d.messageText, "\n"));
        },
      },
    );
    // unreachable: an unreadable config reaches onUnRecoverableConfigFileDiagnostic, which throws
    if (!parsed) throw new Error("typecheck: cannot read tsconfig.json");
    const host = ts.createIncrementalCompilerHost(parsed.options);
    const parse = host.getSourceFile;
    host.getSourceFile = (file, ...rest) => {
      const text = ts.sys.readFile(file);
      const known = sources.get(file);
      if (known && known.text === text) return known.source;
      const source = parse.call(host, file, ...rest);
      if (source) sources.set(file, { text, source });
      return source;
    };
    const configErrors = ts.getConfigFileParsingDiagnostics(parsed);
    builder = ts.createSemanticDiagnosticsBuilderProgram(
      parsed.fileNames,
      parsed.options,
      host,
      builder,
      configErrors,
      parsed.projectReferences,
    );
    // the order tsc reports in: later kinds only when the earlier ones are clean
    const diagnostics = [...builder.getConfigFileParsingDiagnostics(), ...builder.getSyntacticDiagnostics()];
    if (diagnostics.length === configErrors.length) {
      diagnostics.push(...builder.getOptionsDiagnostics(), ...builder.getGlobalDiagnostics());
      if (diagnostics.length === configErrors.length) diagnostics.push(...builder.getSemanticDiagnostics());
    }
    const sorted = ts.sortAndDeduplicateDiagnostics(diagnostics);
    const errors = sorted.filter((d) => d.category === ts.DiagnosticCategory.Error).length;
    const text = ts.formatDiagnostics(sorted, {
      getCanonicalFileName: (f) => f,
      getCurrentDirectory: () => root,
      getNewLine: () => "\n",
    });
    port.postMessage({ ok: errors === 0, errors, ms: Math.round(performance.now() - started), text });
  });
}

if (!isMainThread && workerData?.role === "typecheck") await typecheckWorker();
