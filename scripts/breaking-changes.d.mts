/** One difference between the released spec and the current one. */
export interface Change {
  pointer: string;
  kind: "added" | "removed" | "modified";
  what: string;
  /** "none" for a client annotation (x-client-method, x-idempotent, x-codeSamples), which needs no bump */
  impact: "none" | "patch" | "minor" | "major";
  breaking: boolean;
  rules: string[];
}
/** Every difference between two bundled specs (dereferenced or with $refs kept), each classified for a client of the API. */
export function compareSpecs(released: any, current: any): Promise<Change[]>;
/** The lowest version after `from` that may carry `changes`. */
export function requiredVersion(from: string, changes: Change[]): string;
/** Whether `version` may carry `changes` since release `from`, as one line. */
export function checkVersion(from: string, version: string, changes: Change[]): { ok: boolean; message: string };
/** The newest release in a released/ folder, or undefined when there is none. */
export function newestRelease(dir: string): { version: string; file: string } | undefined;
