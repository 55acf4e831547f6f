// @redocly/openapi-core's declarations name three types of js-yaml, whose own declarations it
// does not install; the scripts pass none of them, so they are opaque here
declare module "js-yaml" {
  export type LoadOptions = Record<string, unknown>;
  export type DumpOptions = Record<string, unknown>;
  export type Schema = Record<string, unknown>;
}
