/** Every value `values` yields, in order, once it ends. */
export async function all<T>(values: AsyncIterable<T>): Promise<T[]> {
  const out: T[] = [];
  for await (const value of values) out.push(value);
  return out;
}

/** What `pending` rejects with, or `undefined` when it resolves: a failure to assert on. */
export const failure = (pending: Promise<unknown>): Promise<unknown> =>
  pending.then(
    () => undefined,
    (err: unknown) => err,
  );
