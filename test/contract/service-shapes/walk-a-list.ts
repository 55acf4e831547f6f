// Walks every running browser session, page after page, at most 500, and stops cleanly when the
// service's next page would repeat one.
// Run against the synthetic spec's mock by test/contract/shapes.test.ts, as fixture-client's user would
import { createClient, PaginationError } from "fixture-client";

const client = createClient();

// the first page alone: its items and its headers
const first = await client.browsers.list({ status: "running", limit: 50 });
console.log(
  `first page: ${first.items.length} sessions, more: ${first.hasNextPage()}, next offset: ${first.headers.get("x-next-offset")}`,
);

// every item across pages; each page is one request with the same options and retry policy
let count = 0;
try {
  for await (const browser of client.browsers.list({ status: "running", limit: 50 }, { maxItems: 500 })) {
    count++;
    console.log(`${browser.session_id} ${browser.status}`);
  }
  console.log(`walked ${count} sessions`);
} catch (err) {
  // a service whose cursor does not move would have the walk repeat pages forever: it stops here
  if (!(err instanceof PaginationError)) throw err;
  console.log(`walked ${count} sessions, then stopped at page ${err.page}: the next offset did not move forward`);
}
