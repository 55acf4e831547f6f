// @ts-check
// Which events of a server-sent event stream described by OpenAPI 3.2's `itemSchema` carry JSON in
// their `data`: read alike by the client (src/streams/event-check.ts), which parses it, and the mock
// (scripts/lib/mock/streams.mjs), which writes it. Plain JavaScript with JSDoc types, compiled and
// type-checked with src/.

/**
 * Which events' data is JSON, as the generator reads an event stream's `itemSchema`
 * (scripts/lib/spec/event-items.mjs): `names`, by the event's name (its `event:` field); `json`, any other.
 * @typedef {{ readonly json: boolean, readonly names?: Readonly<Record<string, boolean>> | undefined }} EventData
 */

/**
 * Whether the data of an event named `name` (undefined: sent without an `event:` field) is JSON.
 * @param {EventData} data
 * @param {string | undefined} name
 * @returns {boolean}
 * @example
 * jsonData({ json: false, names: { addJson: true } }, "addJson"); // true
 * jsonData({ json: false, names: { addJson: true } }, undefined); // false
 */
export function jsonData(data, name) {
  const names = data.names;
  return name !== undefined && names !== undefined && Object.hasOwn(names, name) ? names[name] === true : data.json;
}

/**
 * Whether the item schema names a kind of event `name`: an event of another name is none it describes.
 * @param {EventData} data
 * @param {string} name
 * @returns {boolean}
 */
export const namedEvent = (data, name) => data.names !== undefined && Object.hasOwn(data.names, name);
