// Writes generated/meta.ts: what the runtime reads of the document itself: its version, its first
// server, how requests carry the key, and the client options that set a header (nearly) every
// operation declares.
import { operationType } from "./identifiers.mjs";
import {
  asConst,
  constant,
  commented,
  documented,
  exportNames,
  literal,
  printModule,
  importNames,
  ref,
} from "./print.mjs";
import {
  conditional,
  indexed,
  interfaceOf,
  keyword,
  namesUsed,
  property,
  readonlyArray,
  typeAlias,
  typeRef,
  union,
} from "./print-types.mjs";

/**
 * Renders generated/meta.ts.
 * @param {{ version: string, baseUrl: string, auth: unknown, operations: { auth?: unknown }[] }} spec `version`: the
 * document's `info.version`; `baseUrl`: its first server, variables at their defaults; `auth`: its own scheme
 * @param {import("./headers.mjs").HeaderOption[]} options the client options that set a header
 * @param {string} header the generated-file header
 */
export function metaSource({ version, baseUrl, auth, operations }, options, header) {
  const fields = options.map(({ name, option, description, at }) => {
    const declared = indexed(typeRef("NonNullable", [indexed(operationType(at), "parameters", "header")]), name);
    const type = typeRef("TextOf", [typeRef("NonNullable", [declared])]);
    const said = description ? `${description.trim()} ` : "";
    return documented(property(option, union([type, keyword("undefined")]), { optional: true }), [
      `${said}Sent as \`${name}\` with every request; a call's \`headers\` override it.`,
    ]);
  });
  const fromSchema = [...namesUsed(fields)].filter((n) => n === "components" || n === "paths").sort();
  const scheme = typeRef("AuthScheme");
  const headerOptions = Object.fromEntries(options.map((o) => [o.option, o.name]));
  const text = typeRef("T");
  const all = schemes(auth, operations);
  return printModule(header, [
    [
      importNames("../src/core/auth.js", ["AuthScheme"], { typeOnly: true }),
      ...(fromSchema.length ? [importNames("./schema.d.js", fromSchema, { typeOnly: true })] : []),
    ],
    [
      documented(constant("API_VERSION", literal(version)), [
        "The `info.version` of the OpenAPI document this client was generated from.",
      ]),
    ],
    [
      documented(constant("DEFAULT_BASE_URL", literal(baseUrl)), [
        "The first server of the OpenAPI document, its variables at their defaults.",
      ]),
    ],
    [
      documented(constant("AUTH", asConst(literal(auth), scheme)), [
        "How requests carry the key, as the document's top-level `security` says; an operation that declares its own carries `auth` in operations.ts.",
      ]),
    ],
    [
      documented(constant("SCHEMES", asConst(literal(all), readonlyArray(scheme))), [
        "Every way the document's operations carry the key (`AUTH` and each operation's own), for a client that holds none of their rows: `createCoreClient()` checks the key against them all.",
      ]),
    ],
    [keyInQuery(all)],
    [
      documented(constant("HEADER_OPTIONS", asConst(literal(headerOptions))), [
        "The client options that set a header (nearly) every operation declares: option -> header, as the document writes it.",
      ]),
    ],
    options.length
      ? [
          commented(["a header's value is sent as text: a number or boolean parameter is written as one"]),
          typeAlias("TextOf", conditional(text, keyword("string"), text, keyword("string")), {
            exported: false,
            params: [["T", undefined]],
          }),
        ]
      : [],
    [
      documented(
        options.length
          ? interfaceOf("HeaderOptions", fields)
          : typeAlias("HeaderOptions", typeRef("Record", [keyword("never"), keyword("never")])),
        ["The client options `HEADER_OPTIONS` names, typed as the document types their headers."],
      ),
    ],
  ]);
}

/**
 * The document's scheme and each operation's own, each once, in the order they are first met.
 * @param {unknown} auth
 * @param {{ auth?: unknown }[]} operations
 */
function schemes(auth, operations) {
  const all = [auth, ...operations.map((op) => op.auth).filter(Boolean)];
  return [...new Map(all.map((scheme) => [JSON.stringify(scheme), scheme])).values()];
}

/**
 * `KEY_IN_QUERY`: the writer of a key carried in the query (src/core/key-in-query.ts), where one of
 * `schemes` carries it there; `undefined` otherwise, so that a bundle of the client leaves it out.
 * @param {unknown[]} schemes
 */
function keyInQuery(schemes) {
  const said = "Puts the key in a request's query, as a scheme of the document says";
  if (schemes.some((s) => typeof s === "object" && s !== null && "kind" in s && s.kind === "query"))
    return documented(exportNames([["keyInQuery", "KEY_IN_QUERY"]], { from: "../src/core/key-in-query.js" }), [
      `${said}: the client's writer of it.`,
    ]);
  return documented(constant("KEY_IN_QUERY", literal(ref("undefined"))), [`${said}: none does.`]);
}
