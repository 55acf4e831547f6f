/** The operations of the spec the client is generated from. */
export const OPERATIONS: import("./lib/operations.mjs").OperationInfo[];
/** Budget of a consumer bundle that calls every operation: a base plus an allowance per operation, gzip level 9, in bytes. */
export function budgetGzipBytes(operations: number): number;
/** The client without any operation. */
export const BASE_GZIP_BYTES: number;
/** One more operation. */
export const PER_OPERATION_GZIP_BYTES: number;
/** The consumers that can be measured. */
export const CONSUMER_NAMES: string[];
/** Bundles one consumer with esbuild (minified ESM, platform neutral) and measures it. */
export function consumerBundleSize(consumer?: string): Promise<{ minified: number; gzip: number; code: string; externalImports: string[] }>;
