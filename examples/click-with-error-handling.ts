// Clicks in a browser session and tells each kind of failure apart.
import {
  ApiError,
  BadRequestError,
  ConnectionError,
  createClient,
  NotFoundError,
  ValidationError,
} from "browser-cloud-client";

const client = createClient();
const browserId = process.argv[2] ?? "brs_2x7q9kd4m1";

try {
  await client.browsers.computer.clickMouse(browserId, { x: 640, y: 360, button: "left", num_clicks: 2 });
  console.log(`double-clicked at (640, 360) in ${browserId}`);
} catch (err) {
  if (err instanceof ValidationError) {
    // refused before sending: err.issues lists every problem, e.g. [{ path: "body.x", message: "must be >= 0" }]
    console.error("not sent:", err.issues);
  } else if (err instanceof NotFoundError) {
    console.error(`no browser session ${browserId}`);
  } else if (err instanceof BadRequestError) {
    // the service's own checks, e.g. coordinates past the screen
    console.error(`refused: ${err.message}`, err.details ?? "");
  } else if (err instanceof ConnectionError) {
    // a click is not idempotent, so the client did not resend it after a timeout or a broken connection
    console.error(
      err.maybePerformed ? "the click may have happened; look before clicking again" : "the click was not sent",
      err.message,
    );
  } else if (err instanceof ApiError) {
    console.error(`the service answered ${err.status} ${err.code ?? ""}: ${err.message}`);
  } else {
    throw err;
  }
  process.exitCode = 1;
}

// a wrong input is caught before anything is sent
try {
  await client.browsers.computer.clickMouse(browserId, { x: -5, y: 10 });
} catch (err) {
  if (!(err instanceof ValidationError)) throw err;
  console.log(`refused before sending: ${err.issues.map((i) => `${i.path} ${i.message}`).join("; ")}`);
}
