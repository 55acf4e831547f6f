/** The project's own spec (openapi/), whose index and operations every synthetic tree starts from. */
export const SOURCE: string;
/** A path's file name in paths/: the URL without its leading slash, `/` as `_`. */
export function pathFile(path: string): string;
/** What writeSyntheticSpec wrote. */
export interface SyntheticSpec {
  /** the directory written, absolute */
  dir: string;
  /** its openapi.yaml, absolute */
  index: string;
  operations: number;
  paths: number;
  schemas: number;
  /** operations by lowercase HTTP method */
  byMethod: Record<string, number>;
  /** the index's tags that have at least one operation, in index order */
  tags: string[];
  /** files generated (the project's copied files not counted) */
  files: number;
}
/** Writes a synthetic openapi/ tree of `operations` operations (default 150) into a new or empty `dir`. */
export function writeSyntheticSpec(dir: string, options?: { operations?: number; clientMethods?: boolean; source?: string }): SyntheticSpec;
