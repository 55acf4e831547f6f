// The environment the project's tools run in, stated once.

/** What the Redocly CLI and libraries need to stay quiet and off the network: no telemetry, no update or notification checks. */
export const REDOCLY_ENV = Object.freeze({
  REDOCLY_TELEMETRY: "off",
  REDOCLY_SUPPRESS_UPDATE_NOTICE: "true",
  REDOCLY_SUPPRESS_NOTIFICATIONS: "true",
});

/**
 * The environment for a child process that runs a tool of the pipeline: this process's own, with
 * the Redocly settings on top.
 * @param {Record<string, string>} [extra] more variables, applied last
 * @returns {NodeJS.ProcessEnv}
 * @example
 * spawn("npx", ["redocly", "lint"], { env: toolEnv() });
 */
export const toolEnv = (extra = {}) => ({ ...process.env, ...REDOCLY_ENV, ...extra });

/** Applies the Redocly settings to this process, for the Redocly code it loads itself. */
export const quietRedocly = () => Object.assign(process.env, REDOCLY_ENV);
