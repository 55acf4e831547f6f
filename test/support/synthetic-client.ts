import { execFileSync } from "node:child_process";
import { cpSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from "node:fs";
import { tmpdir } from "node:os";
import { dirname, join } from "node:path";
import { fileURLToPath } from "node:url";
import { copyRepo, FIXTURE_PACKAGE } from "../../scripts/lib/shared/repo-copy.mjs";
import { writeSyntheticSpec } from "../../scripts/synthetic-spec.mjs";
import { generateOnce } from "./generate-once.js";

/** A copy of the project whose openapi/ is the synthetic spec, generated. */
export interface SyntheticProject {
  dir: string;
  /** The bundled spec the client was generated from. */
  spec: any;
  /** The copy's operation table. */
  operations: any[];
  /** The copy's `src/index.ts`: a client typed and checked by the synthetic spec. */
  load(): Promise<any>;
  remove(): void;
}

/**
 * Copies the project's code into a temp dir, writes the synthetic spec (the real service's lists,
 * uploads and downloads) as its openapi/, `operations` of them (150 by default; the bracket upload
 * added below counts one more), every example left out with `examples: false` (the bracket
 * upload's own too), and runs `npm run generate` there (once per content: see `generateOnce`).
 */
export async function syntheticProject({ operations: count = 150, examples = true } = {}): Promise<SyntheticProject> {
  const written = join(mkdtempSync(join(tmpdir(), "synthetic-spec-")), "openapi");
  writeSyntheticSpec(written, { operations: count, examples });
  addBracketUpload(written, examples);
  // the fixture's own names and house profile, whatever this checkout's package.json and redocly.yaml say
  const { dir, remove } = copyRepo({
    entries: ["src", "scripts", "package.json", "redocly.yaml", "tsconfig.json"],
    prefix: "synthetic-client-",
    document: written,
  });
  rmSync(dirname(written), { recursive: true, force: true });
  generateOnce(dir);
  const { operations } = await import(join(dir, "generated/operations.ts"));
  const spec = JSON.parse(readFileSync(join(dir, "generated/openapi.json"), "utf8"));
  return { dir, spec, operations, load: () => import(join(dir, "src/index.ts")), remove };
}

// the real service uploads several files in one form under bracket names (files[0][file],
// files[0][dest_path]); the synthetic spec has no such upload yet, so it is added here, as the
// real document writes it: an array of objects, each holding a file
const BRACKET_UPLOAD = `parameters:
  - $ref: ../components/parameters/BrowserId.yaml
post:
  operationId: uploadFiles
  x-client-method: browsers.fs.uploadMany
  tags: [Browser Filesystem]
  summary: Upload files
  description: Uploads several files, each to its own path, as multipart form data.
  requestBody:
    required: true
    description: The files and where each goes.
    content:
      multipart/form-data:
        schema:
          type: object
          required: [files]
          properties:
            files:
              type: array
              minItems: 1
              description: The files.
              items:
                type: object
                required: [file, dest_path]
                properties:
                  file: { type: string, format: binary, description: The file's bytes. }
                  dest_path: { type: string, minLength: 1, pattern: "^/", description: Absolute destination path. }
                  mode: { type: string, pattern: "^[0-7]{3,4}$", description: Permission bits. }
        example:
          files:
            - file: (file bytes)
              dest_path: /tmp/uploads/notes.txt
  responses:
    '204':
      description: Done. The response has no body.
    '400': { $ref: ../components/responses/BadRequest.yaml }
    '401': { $ref: ../components/responses/Unauthorized.yaml }
    '404': { $ref: ../components/responses/NotFound.yaml }
    '500': { $ref: ../components/responses/InternalServerError.yaml }
`;

function addBracketUpload(openapi: string, examples: boolean): void {
  writeFileSync(
    join(openapi, "paths/browsers_{id}_fs_upload_many.yaml"),
    examples ? BRACKET_UPLOAD : BRACKET_UPLOAD.replace(/^ {8}example:\n(?: {10,}.*\n)+/m, ""),
  );
  const index = join(openapi, "openapi.yaml");
  writeFileSync(
    index,
    readFileSync(index, "utf8").replace(
      /^paths:\n/m,
      "paths:\n  /browsers/{id}/fs/upload_many:\n    $ref: paths/browsers_{id}_fs_upload_many.yaml\n",
    ),
  );
}

/**
 * Writes `source` as `<dir>/check.ts` and type-checks it with the programs of
 * `test/contract/service-shapes` (which import the package by the fixture's name: here the copy's
 * src/); returns tsc's output, "" when clean.
 */
export function typecheck(dir: string, source: string): string {
  const compilerOptions = {
    noEmit: true,
    types: ["node"],
    skipLibCheck: true,
    paths: { [FIXTURE_PACKAGE.name]: ["./src/index.ts"] },
  };
  cpSync(fileURLToPath(new URL("../contract/service-shapes", import.meta.url)), join(dir, "service-shapes"), {
    recursive: true,
  });
  writeFileSync(
    join(dir, "tsconfig.check.json"),
    JSON.stringify({ extends: "./tsconfig.json", compilerOptions, include: ["check.ts", "service-shapes"] }),
  );
  writeFileSync(join(dir, "check.ts"), source);
  try {
    execFileSync(join(dir, "node_modules/.bin/tsc"), ["-p", "tsconfig.check.json"], { cwd: dir, encoding: "utf8" });
    return "";
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
}
