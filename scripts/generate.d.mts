/** Renders every generated file from openapi/: a map from absolute path to its content. */
export function render(): Promise<Map<string, string>>;
/** The spec of redocly.yaml's api, bundled with its `$ref`s kept (as generated/openapi.json), and the root file it came from. */
export function bundleSpec(configPath?: string): Promise<{ spec: any; file: string }>;
/** The entries of `files` (from render()) whose content differs from what is on disk. */
export function changed(files: Map<string, string>): [string, string][];
