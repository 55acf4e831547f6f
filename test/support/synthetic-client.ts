import { execFileSync } from "node:child_process";
import { readFileSync, writeFileSync } from "node:fs";
import { join } from "node:path";
import { copyRepo } from "../../scripts/lib/shared/repo-copy.mjs";
import { writeSyntheticSpec } from "../../scripts/synthetic-spec.mjs";
import { generateOnce } from "./generate-once.js";

/** A copy of the project whose openapi/ is the 150-operation synthetic spec, generated. */
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
 * uploads and downloads) as its openapi/, and runs `npm run generate` there (once per content:
 * see `generateOnce`). `examples: false` writes it with every example left out (default true).
 */
export async function syntheticProject({ examples = true }: { examples?: boolean } = {}): Promise<SyntheticProject> {
  const { dir, remove } = copyRepo({
    entries: ["src", "scripts", "package.json", "redocly.yaml", "README.md", "tsconfig.json", "examples"],
    prefix: "synthetic-client-",
  });
  writeSyntheticSpec(join(dir, "openapi"), { operations: 150, examples });
  addBracketUpload(join(dir, "openapi"));
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

function addBracketUpload(openapi: string): void {
  writeFileSync(join(openapi, "paths/browsers_{id}_fs_upload_many.yaml"), BRACKET_UPLOAD);
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
 * Writes `source` as `<dir>/check.ts` and type-checks it with the examples of `examples/service-shapes`
 * (which import the package by name: here the copy's src/); returns tsc's output, "" when clean.
 */
export function typecheck(dir: string, source: string): string {
  const compilerOptions = {
    noEmit: true,
    types: ["node"],
    skipLibCheck: true,
    paths: { "browser-cloud-client": ["./src/index.ts"] },
  };
  writeFileSync(
    join(dir, "tsconfig.check.json"),
    JSON.stringify({ extends: "./tsconfig.json", compilerOptions, include: ["check.ts", "examples/service-shapes"] }),
  );
  writeFileSync(join(dir, "check.ts"), source);
  try {
    execFileSync(join(dir, "node_modules/.bin/tsc"), ["-p", "tsconfig.check.json"], { cwd: dir, encoding: "utf8" });
    return "";
  } catch (err) {
    return String((err as { stdout?: string }).stdout ?? err);
  }
}
