import { vi } from "vitest";
import type * as Retry from "../../src/core/retry.js";

/** The first backoff under `quickBackoff`, doubling per retry: 20, 40, 80 ms. */
export const QUICK_BACKOFF_MS = 20;

/**
 * The retry module with a backoff of `QUICK_BACKOFF_MS` doubling, for files whose tests retry
 * after timeouts and resets: the real schedule (0.5 s doubling) would make each such test wait
 * seconds, and every mutant of src/ that they cover wait as long. The real `backoffMs` keeps its
 * own tests (test/src/core/retry.test.ts); the waits themselves are asserted against this schedule, and
 * the retry number each was asked for against the spy's calls.
 *
 * @example vi.mock(import("../../../src/core/retry.js"), async (original) => (await import("./support/quick-backoff.js")).quickBackoff(original));
 */
export async function quickBackoff(original: () => Promise<typeof Retry>): Promise<typeof Retry> {
  // a spy: a test reads which retry each wait was for from its calls
  return { ...(await original()), backoffMs: vi.fn((retry: number) => QUICK_BACKOFF_MS * 2 ** retry) };
}
