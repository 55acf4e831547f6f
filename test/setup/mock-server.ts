import type { TestProject } from "vitest/node";
import { startMock } from "../../scripts/lib/mock/prism.mjs";

declare module "vitest" {
  export interface ProvidedContext {
    /** Base address of the Prism mock serving openapi/ (or of TEST_API_BASE_URL). */
    apiBaseUrl: string;
  }
}

// one Prism for the whole run, from the same openapi/ the client is generated from;
// TEST_API_BASE_URL points the tests at a server that is already running instead
export default async function setup(project: TestProject) {
  const external = process.env.TEST_API_BASE_URL;
  if (external) {
    project.provide("apiBaseUrl", external.replace(/\/+$/, ""));
    return;
  }
  const mock = await startMock();
  project.provide("apiBaseUrl", mock.url);
  return () => mock.stop();
}
