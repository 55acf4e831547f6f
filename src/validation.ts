import { ValidationError, type ValidationIssue } from "./errors.js";

export { validateClickMouseRequest, validateOrgLimits } from "../generated/validators.js";

/**
 * Problems with a path `id`: it must be a non-empty string, and not `.` or `..`, which
 * percent-encoding leaves as they are and a URL resolves as "this" or "the parent" segment.
 */
export function checkId(id: unknown, path = "id"): ValidationIssue[] {
  if (typeof id !== "string") return [{ path, message: "must be a string" }];
  if (id === "") return [{ path, message: "must not be empty" }];
  if (id === "." || id === "..") return [{ path, message: `must not be "${id}"` }];
  return [];
}

/** Throws one `ValidationError` listing every issue, when there are any. */
export function assertValid(issues: ValidationIssue[]): void {
  if (issues.length) throw new ValidationError(issues);
}
