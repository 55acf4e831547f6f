// A next page's address as the service writes it, in a Link header (RFC 8288) or a body field:
// where it points, and the query it asks with, held to the operation the walk started on (the key
// goes with every page: never to another origin or path).

/** The target of `rel="next"` in a Link header (RFC 8288), or undefined. */
export function nextLink(header: string | null): string | undefined {
  if (!header) return undefined;
  // the parameters' group matches, empty where there are none
  for (const [, target, params] of header.matchAll(/<([^>]*)>((?:\s*;[^;,]+)*)/g)) {
    const rel = /;\s*rel\s*=\s*(?:"([^"]*)"|([^\s;,]+))/i.exec(params!);
    if ((rel?.[1] ?? rel?.[2])?.toLowerCase().split(/\s/).includes("next")) return target;
  }
  return undefined;
}

/**
 * The query of `target`, the next page's address the service wrote (`what` names where), read
 * against `url`, the current page's. Throws what `fail` makes of the reason when it is no address,
 * leaves the operation, or was followed before in this walk (`seen`, which it adds to).
 */
export function sameOperationQuery(
  seen: Set<string>,
  url: string,
  target: string,
  what: string,
  fail: (reason: string) => Error,
): Record<string, unknown> {
  let next: URL;
  try {
    next = new URL(target, url);
  } catch {
    throw fail(`its ${what} is not an address`);
  }
  const here = new URL(url);
  // the key goes with every page: never to another origin or operation
  if (next.origin !== here.origin || next.pathname !== here.pathname)
    throw fail(
      `its ${what} points to another address (${next.origin}${next.pathname}); only the same operation is followed`,
    );
  const query: Record<string, unknown> = {};
  next.searchParams.forEach((v, k) => {
    query[k] = k in query ? ([] as unknown[]).concat(query[k], v) : v;
  });
  // the query in one spelling, its names in order and its values encoded: a value that holds "&"
  // or "=" is no other query
  const sorted = new URLSearchParams(next.searchParams);
  sorted.sort();
  const key = sorted.toString();
  if (seen.has(key) || next.search === here.search)
    throw fail(`its ${what} was already followed; the walk stops rather than repeat pages`);
  seen.add(key);
  return query;
}
