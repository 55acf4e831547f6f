// The YAML syntax errors of the spec's files and redocly.yaml, for `npm run dev` and `npm run lint`:
// Redocly reports a YAML typo only as an unresolved reference, far from the line at fault.
import { readdirSync, readFileSync } from "node:fs";
import { join, relative } from "node:path";
// pinned to the version @redocly/openapi-core reads the spec with, so dev and the linter agree on the syntax
import { load } from "js-yaml";
import { fromRoot, root } from "../shared/paths.mjs";
import { textMemo } from "../shared/text-memo.mjs";

/**
 * The YAML syntax errors of the spec's files and redocly.yaml, as `<file>:<line>:<col> YAML error:
 * <reason>`: the linter would report them only as unresolved references.
 * @returns {string[]}
 */
export function yamlErrors() {
  const files = [fromRoot("redocly.yaml")];
  try {
    for (const entry of readdirSync(fromRoot("openapi"), { recursive: true, withFileTypes: true })) {
      if (entry.isFile() && /\.ya?ml$/.test(entry.name)) files.push(join(entry.parentPath ?? entry.path, entry.name));
    }
  } catch {
    // no openapi/: the linter says so
  }
  const lines = [];
  for (const file of files) {
    let text;
    try {
      text = readFileSync(file, "utf8");
    } catch {
      continue;
    }
    const line = checked.get(file, text);
    if (line) lines.push(line);
  }
  checked.keepOnly(files);
  return lines;
}

// dev checks every file on every save: a file whose text has not changed keeps its verdict
const checked = textMemo((text, file) => {
  try {
    load(text, { filename: file });
    return "";
  } catch (err) {
    const { mark, reason, message } =
      /** @type {{ mark?: { line: number, column: number }, reason?: string, message: string }} */ (err);
    return `${relative(root, file)}:${(mark?.line ?? 0) + 1}:${(mark?.column ?? 0) + 1} YAML error: ${reason ?? message}`;
  }
});
