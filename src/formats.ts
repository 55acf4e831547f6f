// the formats check() enforces, with the verdicts of ajv-formats' "full" mode (RFC 3339 dates and
// times with real calendars and leap seconds, its email and uuid); any other format, uri included,
// is an annotation per JSON Schema 2020-12 and passes (an RFC 3986 uri check costs more bundle than
// it is worth to a client)

const DAYS = [0, 31, 28, 31, 30, 31, 30, 31, 31, 30, 31, 30, 31];
const DATE = "(\\d{4})-(\\d\\d)-(\\d\\d)";
const DATE_ONLY = RegExp(`^${DATE}$`);
// the date, then t or a space, as ajv-formats splits them; the zone is required
const DATE_TIME = RegExp(`^${DATE}[t\\s](\\d\\d):(\\d\\d):(\\d\\d(?:\\.\\d+)?)(?:z|([+-])(\\d\\d)(?::?(\\d\\d))?)$`, "i");
const UUID = /^(?:urn:uuid:)?[\da-f]{8}-(?:[\da-f]{4}-){3}[\da-f]{12}$/i;
const EMAIL = /^[\w!#$%&'*+/=?^`{|}~-]+(?:\.[\w!#$%&'*+/=?^`{|}~-]+)*@(?:[a-z\d](?:[a-z\d-]*[a-z\d])?\.)+[a-z\d](?:[a-z\d-]*[a-z\d])?$/i;

// m holds year, month and day from index 1 on
const isDay = (m: RegExpExecArray | null): m is RegExpExecArray => {
  if (!m) return false;
  const year = +m[1]!;
  const month = +m[2]!;
  const day = +m[3]!;
  return month >= 1 && month <= 12 && day >= 1 && day <= (month === 2 && year % 4 === 0 && (year % 100 !== 0 || year % 400 === 0) ? 29 : DAYS[month]!);
};

const isDateTime = (s: string): boolean => {
  const m = DATE_TIME.exec(s);
  if (!isDay(m)) return false;
  const hour = +m[4]!;
  const min = +m[5]!;
  const sec = +m[6]!;
  const sign = m[7] === "-" ? -1 : 1;
  const zoneHour = +(m[8] ?? 0);
  const zoneMin = +(m[9] ?? 0);
  if (zoneHour > 23 || zoneMin > 59) return false;
  if (hour <= 23 && min <= 59 && sec < 60) return true;
  // a leap second is 23:59:60 in UTC, whatever the offset
  const utcMin = min - zoneMin * sign;
  const utcHour = hour - zoneHour * sign - (utcMin < 0 ? 1 : 0);
  return (utcHour === 23 || utcHour === -1) && (utcMin === 59 || utcMin === -1) && sec < 61;
};

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
  date: (s) => isDay(DATE_ONLY.exec(s)),
  "date-time": isDateTime,
  uuid: (s) => UUID.test(s),
  email: (s) => EMAIL.test(s),
};
