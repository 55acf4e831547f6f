// Writes generated/functions.ts: one standalone function per operation, for the package's
// `/operations` entry, as hey-api's and Speakeasy's SDKs offer them. Each is its
// row of generated/operations.ts made a function of a client (src/client/standalone.ts), typed as the
// client's method with the client in front, so that a bundle keeps only the operations it imports.

import { exampleCall } from "./examples.mjs";
import { docLines } from "./method-doc.mjs";
import { call, commented, constant, documented, importAll, importNames, printModule, ref } from "./print.mjs";
import { indexed, typeRef } from "./print-types.mjs";

/**
 * A call of the standalone function in place of the client's method, in an example.
 * @param {import("./read-operations.mjs").OperationInfo} op
 * @param {string} fn the function's name
 * @example
 * standaloneCall(op, "deleteDeployment"); // 'await deleteDeployment(client, "dep_5n1v7c2x");'
 */
export function standaloneCall(op, fn) {
  return exampleCall(op).replaceAll(`client.${op.name}(`, `${fn}(client, `).replaceAll("(client, )", "(client)");
}

/**
 * Renders generated/functions.ts.
 * @param {import("./read-operations.mjs").OperationInfo[]} operations
 * @param {Map<object, string>} fns each operation's function name (identifiers.mjs `functionNames`)
 * @param {string} header the generated-file header
 * @param {Pick<import("../shared/identity.mjs").Identity, "packageName" | "apiKeyEnv">} identity the package's
 * name and key variable, which the examples import and read
 * @returns {string}
 */
export function functionsSource(operations, fns, header, identity) {
  const functions = operations.map((op) => {
    const fn = fns.get(op);
    // fns names every operation: emitted from the same list
    if (fn === undefined) throw new Error(`no function name for ${op.method} ${op.path}`);
    const example = [
      `import { createCoreClient, ${fn} } from "${identity.packageName}/operations";`,
      `const client = createCoreClient({ apiKey: process.env.${identity.apiKeyEnv} });`,
      standaloneCall(op, fn),
    ].join("\n");
    const type = typeRef("WithClient", [indexed(typeRef("Resources"), ...op.name.split("."))]);
    const value = call("standalone", [ref(`O.${fn}`)], { pure: true }).build();
    return [documented(constant(fn, value, { type }), docLines(op, example))];
  });
  return printModule(header, [
    [
      importNames("../src/client/standalone.js", ["standalone", { type: "WithClient" }]),
      importAll("./operations.js", "O"),
      importNames("./resources.js", ["Resources"], { typeOnly: true }),
    ],
    [
      commented([
        "each operation as a function of a client from createCoreClient(), typed as the client's method:",
        "a program that imports a few bundles only their rows, schemas and readers",
      ]),
    ],
    ...functions,
  ]);
}
