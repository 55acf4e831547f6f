import type { Operation } from "./operation-row.js";
import type { components, paths } from "../../generated/schema.d.js";
import type { EventStream, StreamOptions } from "../streams/event-stream.js";
import type { ItemStream, ItemStreamOptions } from "../streams/item-stream.js";
import type { PageOptions, PagePromise } from "../lists/pages.js";
import type { RequestOptions } from "../core/request-options.js";
import type { AUTH, HEADER_OPTIONS } from "../../generated/meta.js";

// the spec's declaration of an entry's operation, found by the entry's own path and method; one of
// a method 3.1 has no field for (QUERY, COPY) is the `post` of its stand-in, `components.pathItems`
// keyed "<METHOD> <path>" (scripts/lib/spec/openapi31.mjs)
type Item<O extends Operation> = O["path"] extends keyof paths
  ? Lowercase<O["method"]> extends keyof paths[O["path"]]
    ? NonNullable<paths[O["path"]][Lowercase<O["method"]>]>
    : StandIn<O>
  : StandIn<O>;
type StandIns = components extends { pathItems: infer P } ? P : never;
type StandIn<O extends Operation> = [StandIns] extends [never]
  ? never
  : `${O["method"]} ${O["path"]}` extends keyof StandIns
    ? StandIns[`${O["method"]} ${O["path"]}`] extends { post: infer I }
      ? NonNullable<I>
      : never
    : never;
type Strings<P> = P extends readonly [unknown, ...infer Rest] ? [string, ...Strings<Rest>] : [];
// a row's path parameters: its own `params`, else its template's, in their order
type TemplateParams<T> = T extends `${string}{${infer Name}}${infer Rest}`
  ? Name extends ""
    ? TemplateParams<Rest>
    : [Name, ...TemplateParams<Rest>]
  : [];
type PathParams<O extends Operation> = O extends { params: infer P } ? P : TemplateParams<O["path"]>;
type Params<I> = I extends { parameters: { query?: infer Q } } ? NonNullable<Q> : never;
// the query a call passes: the parameters, or the one value of OpenAPI 3.2's querystring
type Query<O, I> = O extends { querystring: { name: infer N extends string } }
  ? NonNullable<Params<I>[N & keyof Params<I>]>
  : Params<I>;
type Content<C, Media> = Media extends keyof C ? C[Media] : never;
type Declared<I> = I extends { requestBody?: infer B }
  ? NonNullable<B> extends { content: infer C }
    ? C
    : never
  : never;
// what a body of one media type takes: JSON's and a form's fields typed from the schema, bytes what
// fetch can stream, anything else what fetch sends
type MediaBody<M, C> = M extends { body: "lines" }
  ?
      | Content<C, M extends { bodyType: infer T } ? T : never>
      | AsyncIterable<ItemOf<Content<C, M extends { bodyType: infer T } ? T : never>>>
  : M extends { body: "json" | "urlencoded" | "text" } | { form: object }
    ? Content<C, M extends { bodyType: infer T } ? T : never>
    : M extends { bodyType: "application/octet-stream" }
      ? Blob | ArrayBuffer | ArrayBufferView | ReadableStream<Uint8Array>
      : BodyInit;
// the row's own media type and each of its `bodies`: a body of any of them
type Body<O, I> =
  | MediaBody<O, Declared<I>>
  | (O extends { bodies: readonly (infer M)[] } ? (M extends unknown ? MediaBody<M, Declared<I>> : never) : never);
type Input<O, I> = O extends { body: string }
  ? O extends { bodyRequired: true }
    ? [body: Body<O, I>]
    : [body?: Body<O, I>]
  : O extends { query: object }
    ? O extends { queryRequired: true }
      ? [query: Query<O, I>]
      : [query?: Query<O, I>]
    : [];
// the media types a body may be sent as, where there are several: `options.contentType` names one
type ContentType<O> = O extends { bodies: readonly { bodyType: infer M }[] }
  ? { contentType?: (O extends { bodyType: infer T } ? T : never) | M }
  : unknown;
type CallOptions<O> = O extends { page: object }
  ? RequestOptions & PageOptions
  : O extends { answer: "stream" }
    ? StreamOptions
    : O extends { answer: "sequence" }
      ? ItemStreamOptions
      : RequestOptions;
type Options<O, I> = (O extends { body: string; query: object }
  ? CallOptions<O> & { query?: Query<O, I> }
  : CallOptions<O>) &
  ContentType<O>;
// the header parameters as a call passes them: as text (a number or boolean one is written as one)
type Headers<I> = I extends { parameters: { header?: infer H } }
  ? [NonNullable<H>] extends [never]
    ? Record<never, never>
    : NonNullable<H>
  : Record<never, never>;
type Texts<H> = { [K in keyof H]?: NonNullable<H[K]> extends string ? NonNullable<H[K]> : string };
/**
 * One item of a body of JSON values one after another (JSON Lines, NDJSON), typed `T` as a whole: an
 * item of its array, or `T` itself where the spec gives one item's schema as the body's.
 */
export type ItemOf<T> = T extends readonly (infer I)[] ? I : T;
/** A call's `headers`: any header, and those the spec declares typed as it declares them. */
export type GivenHeaders<H> = Texts<H> & Record<string, string>;
/** The header parameters `K` of `H`, each required. */
export type NeededHeaders<H, K extends keyof H> = { [P in K]-?: NonNullable<Texts<H>[P]> };
// the header parameters a call passes: not those OpenAPI leaves to the client (Accept, Content-Type,
// Authorization), nor the one the operation's scheme puts the key in (the client fills it)
type KeyHeader<O> = (O extends { security: infer S } ? S : typeof AUTH) extends { name: infer N extends string }
  ? Lowercase<N>
  : never;
type Ignored<O> = "accept" | "content-type" | "authorization" | KeyHeader<O>;
type Own<H, O> = { [K in keyof H]-?: Lowercase<K & string> extends Ignored<O> ? never : K }[keyof H];
// those a call must pass: the required ones, but the idempotency key the client makes and a header a client option sets
type Required<H, O> = { [K in Own<H, O>]-?: Record<never, never> extends Pick<H, K> ? never : K }[Own<H, O>];
type MustPass<O, I> = Exclude<
  Required<Headers<I>, O>,
  (O extends { idempotencyKey: infer K } ? K : never) | (typeof HEADER_OPTIONS)[keyof typeof HEADER_OPTIONS]
>;
// the options argument: required, with its headers, where the call must pass one
type OptionsArg<O, I> = [Own<Headers<I>, O>] extends [never]
  ? [options?: Options<O, I>]
  : [MustPass<O, I>] extends [never]
    ? [options?: Options<O, I> & { headers?: GivenHeaders<Headers<I>> }]
    : [options: Options<O, I> & { headers: GivenHeaders<Headers<I>> & NeededHeaders<Headers<I>, MustPass<O, I>> }];
type Result<O extends Operation, I> = O extends { answer: "empty" }
  ? // biome-ignore lint/suspicious/noConfusingVoidType: the method returns Promise<Result>: an empty answer resolves to nothing
    void
  : O extends { answer: "other" }
    ? Response
    : I extends { responses: infer R }
      ? O["status"] extends keyof R
        ? R[O["status"]] extends { content: infer C }
          ? Content<C, O extends { answerType: infer M } ? M : "application/json">
          : never
        : never
      : never;

/**
 * The signature of the method one entry of the generated table becomes, read from the entry itself
 * (its path parameters, body and query kinds, answer kind) and from the spec's types at the entry's
 * path and method. `generated/resources.ts` places each entry's method where its declaration says,
 * so the compiler checks every declaration against the entry it is built from. An entry typed only
 * as `Operation` (no literal path) gives a method that takes and returns `unknown`.
 *
 * @example
 * type Retrieve = MethodOf<typeof row>; // a row without inputs: (options?: RequestOptions) => Promise<Answer>
 * // a list entry gives (query?, options?: RequestOptions & PageOptions) => PagePromise<Item, Answer>
 */
export type MethodOf<O extends Operation> = string extends O["path"]
  ? (...args: unknown[]) => Promise<unknown>
  : (
      ...args: [...Strings<PathParams<O>>, ...Input<O, Item<O>>, ...OptionsArg<O, Item<O>>]
    ) => Returned<O, Result<O, Item<O>>>;
// a list's method returns its page walker, items read from the answer's array (or its `items` field)
// an event stream's events are typed by its declaration (the event schema may sit inside the media
// type's string schema, where the spec's types cannot reach it): here only its kind is joined
type Returned<O, A> = O extends { answer: "stream" }
  ? // biome-ignore lint/suspicious/noExplicitAny: the declared type narrows it; unknown here would refuse the declaration
    Promise<EventStream<any, any>>
  : O extends { answer: "sequence" }
    ? // biome-ignore lint/suspicious/noExplicitAny: as an event stream's, its items are typed by the declaration
      Promise<ItemStream<any>>
    : O extends { page: { items: infer F extends string } }
      ? PagePromise<NonNullable<At<A, F>>[number & keyof NonNullable<At<A, F>>], A>
      : O extends { page: object }
        ? PagePromise<NonNullable<A>[number & keyof NonNullable<A>], A>
        : Promise<A>;

/** The type at a dotted path of an answer (`artists.items`, a list's `items`), each step's null taken out. */
type At<A, P extends string> = P extends `${infer Head}.${infer Rest}`
  ? At<NonNullable<A>[Head & keyof NonNullable<A>], Rest>
  : NonNullable<A>[P & keyof NonNullable<A>];

/** Builds the method of one table entry, typed by `MethodOf`. */
export type MethodFactory = <const O extends Operation>(op: O) => MethodOf<O>;

/**
 * The member of a resource tree `T` at the dotted name `Name`, as `x-client-method` places it:
 * `MethodAt<Resources, "group.subgroup.method">`; `never` where it leads nowhere.
 */
export type MethodAt<T, Name extends string> = Name extends `${infer Head}.${infer Rest}`
  ? Head extends keyof T
    ? MethodAt<T[Head], Rest>
    : never
  : Name extends keyof T
    ? T[Name]
    : never;
