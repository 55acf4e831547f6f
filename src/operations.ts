// The package's `/operations` entry: every operation as a function of a client,
// imported one by one, so that a program's bundle holds only the operations it calls.
export { createCoreClient, type CoreClient, type WithClient } from "./client/standalone.js";
export * from "../generated/functions.js";
