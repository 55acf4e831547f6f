import { findChromium } from "../../scripts/setup-chromium.mjs";

/**
 * Flags for a headless Chromium on a closed machine: no sandbox (tests run as root), no GPU,
 * and none of the background traffic (updates, sync, QUIC probes) that would leave the machine.
 */
export const CHROMIUM_FLAGS: readonly string[] = [
  "--headless",
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-default-apps",
  "--disable-extensions",
];

/**
 * The Chromium to drive with playwright-core: `CHROMIUM_PATH`, else Debian's /usr/bin/chromium.
 * Installs nothing: `npm run test:docs` sets the browser up before its tests
 * (scripts/setup-chromium.mjs).
 *
 * @returns the executable's absolute path
 * @throws Error naming the command to run, when Chromium is missing
 * @example
 * const browser = await chromium.launch({ executablePath: await chromiumPath(), args: [...CHROMIUM_FLAGS] });
 */
export async function chromiumPath(): Promise<string> {
  const found = findChromium();
  if ("path" in found) return found.path;
  throw new Error(`${found.missing} (or: node scripts/setup-chromium.mjs, which npm run test:docs runs first)`);
}
