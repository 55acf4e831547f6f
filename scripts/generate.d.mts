/** Renders every generated file from openapi/: a map from absolute path to its content. */
export function render(): Promise<Map<string, string>>;
