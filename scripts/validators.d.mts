/** Where `check()` cannot enforce a keyword of the spec; generation goes on without it. */
export interface Unchecked {
  /** A readable location, e.g. `components.schemas.Foo.properties.bar`. */
  where: string;
  keyword: string;
}
/** The schemas of one bundled spec, collected into generated/validators.ts. */
export interface SchemaTable {
  /** Registers a root schema (inline or a `$ref`) and returns its index in the emitted `schemas`. */
  add(schema: unknown, where: string): number;
  /** generated/validators.ts: `header`, the `Schema` type and `export const schemas: Schema[]`. */
  source(header: string): string;
  /** Keywords left out of the data, each with its location. */
  unchecked: Unchecked[];
}
/** Collects schemas of a bundled OpenAPI 3.1 document (refs kept or dereferenced) into one table for `check()`. */
export function schemaTable(spec: any): SchemaTable;
