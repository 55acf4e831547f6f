// the formats check() enforces, with the verdicts of ajv-formats' "full" mode (RFC 3339 dates and
// times with real calendars and leap seconds, its email and uuid); any other format, uri included,
// is an annotation per JSON Schema 2020-12 and passes (an RFC 3986 uri check costs more bundle than
// it is worth to a client). Dates, date-times and uuids are read a character code at a time: their
// regexes cost 0.1-0.3 µs a value here, and a list page holds thousands of them.

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];

// the number the two ASCII digits of s at `at` write; NaN if one is not a digit, which fails every comparison
function two(s: string, at: number): number {
  const a = s.charCodeAt(at) - 48;
  const b = s.charCodeAt(at + 1) - 48;
  return Math.max(a >>> 0, b >>> 0) > 9 ? NaN : a * 10 + b;
}

// YYYY-MM-DD at the start of s, a day its month has
function isDay(s: string): boolean {
  const year = two(s, 0) * 100 + two(s, 2);
  const month = two(s, 5);
  const day = two(s, 8);
  return (
    year >= 0 &&
    s.charCodeAt(4) === 45 &&
    s.charCodeAt(7) === 45 &&
    // a month out of 1-12 has no day: DAYS gives month 0 none, and a month past 12 undefined, which no day is below
    day >= 1 &&
    day <= (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : DAYS[month]!)
  );
}

function isDateTime(s: string): boolean {
  // the date, then t or a space (any \s, as ajv-formats splits them), then hh:mm:ss, a fraction, a zone
  const t = s.charCodeAt(10);
  // | 32 folds T to t alone; a space is tested with the rest of \s, since NUL | 32 is a space too
  // a text too short fails below: a character past its end is NaN, which no comparison takes
  if (!isDay(s) || !((t | 32) === 116 || /\s/.test(s[10]!)) || s.charCodeAt(13) !== 58 || s.charCodeAt(16) !== 58)
    return false;
  const hour = two(s, 11);
  const min = two(s, 14);
  const sec = two(s, 17);
  let i = 19;
  let c = s.charCodeAt(i);
  if (c === 46) {
    const start = ++i;
    while ((c = s.charCodeAt(i)) >= 48 && c <= 57) i++;
    if (i === start) return false;
  }
  const rest = s.length - i;
  let sign = 0;
  let zoneHour = 0;
  let zoneMin = 0;
  if (c === 43 || c === 45) {
    sign = 44 - c;
    zoneHour = two(s, i + 1);
    if (rest === 6 && s.charCodeAt(i + 3) === 58) zoneMin = two(s, i + 4);
    else if (rest === 5) zoneMin = two(s, i + 3);
    else if (rest !== 3) return false;
  } else if (!(rest === 1 && (c | 32) === 122)) return false;
  if (!(zoneHour <= 23 && zoneMin <= 59)) return false;
  if (hour <= 23 && min <= 59 && sec <= 59) return true;
  // a leap second is 23:59:60 in UTC, whatever the offset
  const utcMin = min - zoneMin * sign;
  // Stryker disable next-line EqualityOperator: at utcMin 0 no time is a leap second, whatever the hour
  const utcHour = hour - zoneHour * sign - (utcMin < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMin === 59 || utcMin === -1) && sec <= 60;
}

// per char code: 1 for a hex digit, 2 for a hyphen
// (built in a call marked pure, so that a bundle without uuid drops it)
const UUID_CHARS = /* @__PURE__ */ (() => {
  const table = new Uint8Array(128);
  for (const c of "0123456789abcdefABCDEF") table[c.charCodeAt(0)] = 1;
  table[45] = 2;
  return table;
})();

// 8-4-4-4-12 hex digits, after "urn:uuid:" in any case or nothing
function isUuid(s: string): boolean {
  const i = s.length - 36;
  if (i && (i !== 9 || s.slice(0, 9).toLowerCase() !== "urn:uuid:")) return false;
  // each position wants one bit: 2 (a hyphen) at 8, 13, 18 and 23, where 0x842100 has a bit (a shift
  // counts mod 32, and bits 0-3 are clear), else 1; a char code past 127 has none (~undefined is -1).
  // No branch a character: a branch on the text mispredicts between digits and letters
  let bad = 0;
  for (let at = 0; at < 36; at++) bad |= (1 + ((0x842100 >> at) & 1)) & ~UUID_CHARS[s.charCodeAt(i + at)]!;
  return bad === 0;
}

const EMAIL =
  /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z\d](?:[a-z\d-]*[a-z\d])?$/i;

/**
 * A format `check()` enforces: its name, as the issue says it (`must be date-time`), and its test of a
 * string. generated/validators.ts refers to each one a schema uses by import, so that a bundle holds
 * only the formats of the schemas its calls reach.
 */
export type Format = readonly [name: string, test: (s: string) => boolean];

/** RFC 3339 full-date: knows month lengths and leap years (`2021-02-29` fails). */
export const date: Format = ["date", (s) => s.length === 10 && isDay(s)];
/** RFC 3339 date-time: needs a zone, and takes a leap second only at 23:59:60 UTC. */
export const dateTime: Format = ["date-time", isDateTime];
/** 8-4-4-4-12 hex digits, optionally after `urn:uuid:`. */
export const uuid: Format = ["uuid", isUuid];
/** A dot-atom address at a host name (`te..st@example.com` fails). As fast as a loop over its characters here: a regex keeps it short and plainly right. */
export const email: Format = ["email", (s) => EMAIL.test(s)];
