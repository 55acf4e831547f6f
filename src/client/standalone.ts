import type { Operation } from "./operation-row.js";
import type { MethodOf } from "./method-type.js";
import { SCHEMES } from "../../generated/meta.js";
import { resolveConfig, type ClientOptions } from "../core/config.js";
import { connect } from "./client.js";
import { ConfigurationError } from "../core/errors.js";
import { method } from "./method.js";

declare const CORE: unique symbol;

/**
 * A client for the standalone functions of the package's `/operations` entry: the settings,
 * transport and checks of `createClient()`, without its groups, so that a program bundles only the
 * operations it imports. It has no `raw` client: the raw client finds each request's operation in
 * the whole table, which would bring every operation back.
 */
export interface CoreClient {
  readonly [CORE]: true;
}

/** What a core client holds: the connection its functions share, its settings, and the methods made on it so far. */
type CoreState = ReturnType<typeof connect> & { methods: Map<Operation, (...args: unknown[]) => unknown> };
const states = new WeakMap<CoreClient, CoreState>();

/**
 * Creates a client for the standalone functions, with the options of `createClient()`. Throws
 * `ConfigurationError` as `createClient()` does; nothing is sent.
 *
 * @example
 * // createCoreClient and someOperation from the package's `/operations` entry; the key from the
 * // apiKey option, else the environment variable the README's Configuration names
 * const client = createCoreClient({ timeoutMs: 10_000 });
 * await someOperation(client, "an-id"); // one generated function per operation of the spec
 */
export function createCoreClient(options: ClientOptions = {}): CoreClient {
  // the key as every operation needs it: the client holds no row to read their schemes from
  resolveConfig(options, SCHEMES);
  const client = Object.freeze({}) as CoreClient;
  // no rows: the schemes were read above, and no raw request needs its operation
  // Stryker disable next-line ArrayDeclaration: a row of nothing brings no scheme either
  states.set(client, { ...connect(options, undefined, []), methods: new Map() });
  return client;
}

/** A method with the client it runs on as its first argument. */
export type WithClient<M> = M extends (...args: infer A) => infer R ? (client: CoreClient, ...args: A) => R : never;

/**
 * The standalone function of one row of generated/operations.ts: its method on the client it is
 * given, made at its first call on that client and kept with it.
 *
 * @example
 * export const someOperation = standalone(O.someOperation); // generated/functions.ts
 */
export function standalone<const O extends Operation>(row: O): WithClient<MethodOf<O>> {
  // typed by the row above; made and called here as any row's method
  const op: Operation = row;
  const run = (client: CoreClient, ...args: unknown[]) => {
    const state = states.get(client);
    if (!state)
      throw new ConfigurationError(`${op.name}: pass the client createCoreClient() made as the first argument`);
    let made = state.methods.get(op);
    // Stryker disable next-line ConditionalExpression: a cache; a method made again works the same
    if (!made) state.methods.set(op, (made = method(op, state.connection, state.settings)));
    return made(...args);
  };
  return run as WithClient<MethodOf<O>>;
}
