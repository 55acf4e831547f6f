/** Serves `dir` (default site/) on host:port (0 picks a free port); resolves once listening. */
export function serveDocs(options?: { dir?: string; host?: string; port?: number }): Promise<{ url: string; close: () => Promise<void> }>;
