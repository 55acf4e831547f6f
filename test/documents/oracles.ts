// What the corpus stages hold the pipeline to, read from the document itself or judged by rules
// written here apart from the generator's: the operations a document has, and the method names
// that paste in a path parameter's name or the HTTP method.
import { type Document, published } from "../support/corpus.js";

type Json = any;

// the fixed fields of a path item that are operations (OpenAPI 3.0-3.2), and 3.2's map of others
const METHODS = ["get", "put", "post", "delete", "options", "head", "patch", "trace", "query"];
/** The names the rule table of openapi/paths/README.md gives by HTTP method. */
const ACTIONS = new Set(["list", "create", "retrieve", "update", "replace", "delete", "deleteAll"]);

/** The operations of the document as its vendor wrote it: every operation of every path item of its bundle. */
export async function operationCount(doc: Document): Promise<number> {
  const { parsed } = await published(doc);
  return Object.values<Json>(parsed.paths ?? {}).reduce(
    (sum, item) =>
      sum + METHODS.filter((method) => item?.[method]).length + Object.keys(item?.additionalOperations ?? {}).length,
    0,
  );
}

/** `snake_case`, `kebab-case` or `dotted.name` as its words, lower case. */
const words = (text: string) =>
  text
    .replace(/([a-z0-9])([A-Z])/g, "$1 $2")
    .split(/[^A-Za-z0-9]+/)
    .filter(Boolean)
    .map((w) => w.toLowerCase());
/** A name's words joined in camelCase. */
const camel = (parts: string[]) => parts.map((w, i) => (i ? w[0]!.toUpperCase() + w.slice(1) : w)).join("");

interface NamedOperation {
  name: string;
  method: string;
  path: string;
  pathParams: { name: string }[];
}

/**
 * The method names, of `operations`, with a part that pastes in a path parameter's name
 * (`connectorIdOrNameIdOrName`, for `{connector_id_or_name}`) or puts the operation's HTTP method
 * before a name the path or the rule table gives (`postCreate`, `getRetrieve`, `getExport` for
 * `GET /export`), unless the path itself says that part (a `#get_shared_link` fragment names
 * `getSharedLink`).
 */
export function pastedNames(operations: NamedOperation[]): string[] {
  return operations
    .filter((op) => {
      const said = new Set(
        op.path
          .split(/[/#]/)
          .filter((s) => s && !s.startsWith("{"))
          .map((s) => camel(words(s))),
      );
      const params = op.pathParams.map((p) => words(p.name)).filter((w) => w.length > 1);
      return op.name.split(".").some((part) => {
        if (said.has(part)) return false;
        const partWords = words(part);
        // the operation's own HTTP method before a name the path or the rule table already gave
        const [verb, ...rest] = partWords;
        if (verb === op.method.toLowerCase() && rest.length && (said.has(camel(rest)) || ACTIONS.has(camel(rest))))
          return true;
        // a parameter of several words (`connector_id`, `id_or_name`) found whole, in order
        return params.some(
          (p) => camel(partWords).includes(camel(p)) || part.includes(camel(p).replace(/^./, (c) => c.toUpperCase())),
        );
      });
    })
    .map((op) => `${op.method} ${op.path} -> ${op.name}`);
}
