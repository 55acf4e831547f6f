// Statistics and printing shared by the benchmark's parts.
import { arch, cpus, freemem, loadavg, release, totalmem, type as osType } from "node:os";

/**
 * The median of `values`.
 * @param {number[]} values
 * @returns {number}
 */
export const median = (values) => {
  const sorted = [...values].sort((a, b) => a - b);
  const mid = sorted.length >> 1;
  return sorted.length % 2 ? sorted[mid] : (sorted[mid - 1] + sorted[mid]) / 2;
};

/**
 * The `q` quantile of `values`, interpolated.
 * @param {number[]} values
 * @param {number} q between 0 and 1
 * @returns {number}
 */
export const quantile = (values, q) => {
  const sorted = [...values].sort((a, b) => a - b);
  const at = (sorted.length - 1) * q;
  const low = Math.floor(at);
  return sorted[low] + (sorted[Math.min(low + 1, sorted.length - 1)] - sorted[low]) * (at - low);
};

/**
 * The median of per-round ratios `a[i] / b[i]`, with the lowest and highest: rounds that ran
 * side by side share the machine's load, so their ratio is steadier than a ratio of medians.
 * @param {number[]} a
 * @param {number[]} b
 * @example
 * ratios([110, 120, 130], [100, 100, 100]); // { median: 1.2, min: 1.1, max: 1.3 }
 */
export function ratios(a, b) {
  const each = a.map((x, i) => x / b[i]);
  return { median: median(each), min: Math.min(...each), max: Math.max(...each) };
}

/**
 * A ratio with its spread, as the tables print it.
 * @param {{ median: number, min: number, max: number }} r from `ratios`
 * @example
 * spread({ median: 1.08, min: 1.02, max: 1.19 }); // "1.08x (1.02-1.19)"
 */
export const spread = (r) => `${r.median.toFixed(2)}x (${r.min.toFixed(2)}-${r.max.toFixed(2)})`;

/** The machine the figures come from, for the report's first line. */
export function describeMachine() {
  const cpu = cpus();
  return {
    cpu: cpu[0]?.model.trim() ?? "unknown",
    cores: cpu.length,
    memory: `${(totalmem() / 2 ** 30).toFixed(1)} GiB (${(freemem() / 2 ** 30).toFixed(1)} free)`,
    node: process.version,
    os: `${osType()} ${release()} ${arch()}`,
    date: new Date().toISOString().replace(/\.\d+Z$/, "Z"),
    load: loadavg()
      .map((l) => l.toFixed(2))
      .join(" "),
  };
}

/**
 * Prints one line with the benchmark's prefix.
 * @param {string} line
 */
export function say(line) {
  console.log(line ? `bench: ${line}` : "bench:");
}

/**
 * Prints a plain-text table: the first column left-aligned, the others right-aligned.
 * @param {string[]} headers
 * @param {unknown[][]} rows
 */
export function table(headers, rows) {
  const cells = [headers, ...rows].map((row) => row.map(String));
  const widths = headers.map((_, i) => Math.max(...cells.map((row) => row[i].length)));
  const line = (/** @type {string[]} */ row) =>
    row.map((cell, i) => (i === 0 ? cell.padEnd(widths[i]) : cell.padStart(widths[i]))).join("  ");
  say(line(cells[0]));
  say(widths.map((w) => "-".repeat(w)).join("  "));
  for (const row of cells.slice(1)) say(line(row));
}

/**
 * The last `n` lines of a command's output.
 * @param {string} output
 * @param {number} [n] default 20
 */
export function tail(output, n = 20) {
  return output.trim().split("\n").slice(-n).join("\n");
}
