/** Budget of this client's consumer bundle, gzip level 9, in bytes. */
export const BUDGET_GZIP_BYTES: number;
/** The consumers that can be measured. */
export const CONSUMER_NAMES: string[];
/** Bundles one consumer with esbuild (minified ESM, platform neutral) and measures it. */
export function consumerBundleSize(consumer?: string): Promise<{ minified: number; gzip: number; code: string; externalImports: string[] }>;
