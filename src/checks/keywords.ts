// Keywords whose checks a schema refers to by import, as it does a format (formats.ts): scripts/lib/
// generate/schema-table.mjs writes `multipleOf: [0.01, K.multipleOf]` and `uniqueItems: K.unique`, so
// that a bundle holds these checks only when a schema its calls reach uses the keyword. The helpers
// both need (a JSON value's text, the issue push) live here too: the compiler
// (schema-compiler.ts) imports them, and this file imports nothing of it back.
import type { ValidationIssue } from "../core/errors.js";
import { isObject } from "../core/values.js";

const json = JSON.stringify;
const isArray = Array.isArray;

/** One text per JSON value, object keys sorted: equal values give equal texts. */
export const jsonText = (v: unknown): string =>
  isObject(v)
    ? `{${Object.keys(v)
        .sort()
        .map((k) => `${json(k)}:${jsonText(v[k])}`)}}`
    : isArray(v)
      ? `[${v.map(jsonText)}]`
      : json(v);

/** Pushes an issue when there is somewhere to push it; false either way. */
export const refuse = (out: ValidationIssue[] | undefined, path: string, message: string): false => (
  out?.push({ path, message }), false
);

/** multipleOf as generated/validators.ts holds it: the number, and `multipleOf` below to make its test. */
export type MultipleOf = readonly [m: number, test: (m: number) => (x: number) => boolean];

// the decimal that JSON text means, as digits * 10^-scale: 0.07 is 7n, 2 (shortest round-trip text)
function decimal(n: number): [bigint, number] {
  const [mantissa, exponent] = String(n).split("e");
  const [whole, fraction = ""] = mantissa!.split(".");
  const scale = fraction.length - Number(exponent ?? 0);
  const digits = BigInt(whole! + fraction);
  // Stryker disable next-line EqualityOperator: at scale 0 both branches give [digits, 0]
  return scale < 0 ? [digits * 10n ** BigInt(-scale), 0] : [digits, scale];
}

/**
 * A test of whether a number is a multiple of `m` (> 0) as the decimals their JSON texts write:
 * 0.07 is a multiple of 0.01 though `0.07 / 0.01` is 7.000000000000001 in binary floating point.
 *
 * @example
 * multipleOf(0.0001)(0.0075); // true
 */
export function multipleOf(m: number): (x: number) => boolean {
  const [digits, scale] = decimal(m);
  const step = Number(digits);
  const unit = 10 ** scale;
  return (x) => {
    // binary remainders are exact, and safe integers are their own decimals; a larger one is the
    // nearest double to its text (1.65e22 is not 165 * 10^20), so its decimal decides below
    // Stryker disable next-line ConditionalExpression: a shortcut; skipped, the decimals below give the same answer
    if (Number.isSafeInteger(x) && Number.isSafeInteger(m)) return x % m === 0;
    // x's decimal has at most m's places when scaling and back gives x, as long as the steps of
    // m's last place are four doubles apart or more (|n| <= 2^50): 65.01 * 1e14 rounds to
    // 6501000000000001, which scales back to 65.01 as well. Then integers compare.
    // Stryker disable next-line ArithmeticOperator: a wrong n fails the scale-back test below, and the decimals decide
    const n = Math.round(x * unit);
    // past 10^22 or 2^50 the decimals decide: 10^22 and 2^50 are exact on either side of each bound, and
    // a wrong scale-back or a skipped shortcut sends the value to the decimals, which give the same answer
    // Stryker disable next-line EqualityOperator,ArithmeticOperator,ConditionalExpression: see above
    if (scale <= 22 && Math.abs(n) <= 2 ** 50 && Number.isSafeInteger(step) && n / unit === x) return n % step === 0;
    const [a, p] = decimal(x);
    const top = Math.max(p, scale);
    return (a * 10n ** BigInt(top - p)) % (digits * 10n ** BigInt(top - scale)) === 0n;
  };
}

/**
 * uniqueItems: whether no item of `v` repeats an earlier one as a JSON value (objects compared
 * whatever their key order, a string never equal to the object its text spells), each repeat an
 * issue under `path` when `out` is given.
 *
 * @example
 * unique([{ a: 1, b: 2 }, { b: 2, a: 1 }], "tags", out); // false, out: [{ path: "tags[1]", message: "repeats tags[0]" }]
 */
export function unique(v: unknown[], path: string, out: ValidationIssue[] | undefined): boolean {
  const seen = new Map<string, number>();
  let ok = true;
  for (const [i, item] of v.entries()) {
    // equal values give equal texts, whatever their keys' order; no two unequal values one text
    const k = jsonText(item);
    const before = seen.get(k);
    if (before === undefined) seen.set(k, i);
    else if (((ok = refuse(out, `${path}[${i}]`, `repeats ${path}[${before}]`)), !out)) return false;
  }
  return ok;
}
