// Deletes a deployment and an auth connection; one that is already gone counts as deleted.
import { createClient, NotFoundError } from "browser-cloud-client";

const client = createClient();

/** Runs a delete; resolves to "deleted", or "already gone" when the service answers 404. */
async function deleteIfPresent(remove: () => Promise<void>): Promise<"deleted" | "already gone"> {
  try {
    await remove();
    return "deleted";
  } catch (err) {
    if (err instanceof NotFoundError) return "already gone";
    throw err;
  }
}

const deploymentId = process.argv[2] ?? "dep_5n1v7c2x";
const connectionId = process.argv[3] ?? "conn_8f3k2m9p";
console.log(`deployment ${deploymentId}: ${await deleteIfPresent(() => client.deployments.delete(deploymentId))}`);
console.log(
  `auth connection ${connectionId}: ${await deleteIfPresent(() => client.auth.connections.delete(connectionId))}`,
);
