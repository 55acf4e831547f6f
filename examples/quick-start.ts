import { createClient, NotFoundError } from "browser-cloud-client";

// the key: the apiKey option, else the BROWSER_CLOUD_API_KEY environment variable
const client = createClient({ apiKey: process.env.BROWSER_CLOUD_API_KEY });

const limits = await client.organization.limits.retrieve();
console.log(limits.max_concurrent_sessions); // 50

await client.browsers.computer.clickMouse("brs_2x7q9kd4m1", { x: 640, y: 360, button: "left" });

try {
  await client.deployments.delete("dep_5n1v7c2x");
} catch (err) {
  if (!(err instanceof NotFoundError)) throw err; // already gone is fine
}
