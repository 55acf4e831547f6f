// the formats check() enforces, with the verdicts of ajv-formats' "full" mode (RFC 3339 dates and
// times with real calendars and leap seconds, its email and uuid); any other format, uri included,
// is an annotation per JSON Schema 2020-12 and passes (an RFC 3986 uri check costs more bundle than
// it is worth to a client). Dates and times are read a character at a time: a regex with its captures cost
// about 1 µs a date-time here, which on a list page costs more than parsing the page.

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const UUID = /^(?:urn:uuid:)?[\da-f]{8}-(?:[\da-f]{4}-){3}[\da-f]{12}$/i;
const EMAIL = /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z\d](?:[a-z\d-]*[a-z\d])?$/i;

// the number the n ASCII digits of s at `at` write; NaN if one is not a digit, which fails every comparison
function digits(s: string, at: number, n: number): number {
  let v = 0;
  for (let i = at; i < at + n; i++) {
    const d = s.charCodeAt(i) - 48;
    if (!(d >= 0 && d <= 9)) return NaN;
    v = v * 10 + d;
  }
  return v;
}

// YYYY-MM-DD at the start of s, a day its month has
function isDay(s: string): boolean {
  const year = digits(s, 0, 4);
  const month = digits(s, 5, 2);
  const day = digits(s, 8, 2);
  return s[4] === "-" && s[7] === "-" && month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : DAYS[month]!);
}

function isDateTime(s: string): boolean {
  // the date, then t or a space as ajv-formats splits them, then hh:mm:ss, a fraction, a zone
  if (s.length < 20 || !isDay(s) || !/[t\s]/i.test(s[10]!) || s[13] !== ":" || s[16] !== ":") return false;
  const hour = digits(s, 11, 2);
  const min = digits(s, 14, 2);
  const sec = digits(s, 17, 2);
  let i = 19;
  if (s[i] === ".") {
    const start = ++i;
    while (s.charCodeAt(i) >= 48 && s.charCodeAt(i) <= 57) i++;
    if (i === start) return false;
  }
  const zone = s[i];
  const rest = s.length - i;
  let sign = 0;
  let zoneHour = 0;
  let zoneMin = 0;
  if (zone === "+" || zone === "-") {
    sign = zone === "-" ? -1 : 1;
    zoneHour = digits(s, i + 1, 2);
    if (rest === 6 && s[i + 3] === ":") zoneMin = digits(s, i + 4, 2);
    else if (rest === 5) zoneMin = digits(s, i + 3, 2);
    else if (rest !== 3) return false;
  } else if (!(rest === 1 && (zone === "z" || zone === "Z"))) return false;
  if (!(zoneHour <= 23 && zoneMin <= 59)) return false;
  if (hour <= 23 && min <= 59 && sec <= 59) return true;
  // a leap second is 23:59:60 in UTC, whatever the offset
  const utcMin = min - zoneMin * sign;
  const utcHour = hour - zoneHour * sign - (utcMin < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMin === 59 || utcMin === -1) && sec <= 60;
}

/**
 * The formats `check()` enforces, each a test of a string; a format not listed here is not checked.
 * `date` and `date-time` know month lengths and leap years (`2021-02-29` fails), `date-time` needs a
 * zone and takes a leap second only at 23:59:60 UTC; `email` is a dot-atom address at a host name.
 *
 * @example
 * FORMATS.date!("2020-02-29"); // true
 * FORMATS.date!("2021-02-29"); // false
 */
export const FORMATS: Record<string, (s: string) => boolean> = {
  date: (s) => s.length === 10 && isDay(s),
  "date-time": isDateTime,
  uuid: (s) => UUID.test(s),
  email: (s) => EMAIL.test(s),
};
