/** Asks the kernel for a port that is free right now on `host`. */
export function freePort(host?: string): Promise<number>;
/** Starts Prism from openapi/ (or from `spec`) and resolves once it listens. */
export function startMock(options?: {
  host?: string;
  port?: number;
  log?: string;
  spec?: string;
  timeoutMs?: number;
}): Promise<{ url: string; log: string; stop: () => Promise<void> }>;
