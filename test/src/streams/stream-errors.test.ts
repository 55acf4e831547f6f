import { describe, expect, it } from "vitest";
import { ClientError, ConnectionTimeoutError } from "../../../src/core/errors.js";
import { EventTooLargeError, StreamEventError, StreamIdleError } from "../../../src/streams/stream-errors.js";

// every stream error comes after the service answered: each says the call may have acted
describe("the errors of an event stream", () => {
  it("EventTooLargeError names the limit passed and how to raise it", () => {
    const err = new EventTooLargeError(1024);

    expect(err).toBeInstanceOf(ClientError);
    expect([err.name, err.limit, err.maybePerformed]).toEqual(["EventTooLargeError", 1024, true]);
    expect(err.message).toBe(
      "An event stream sent a line or an event longer than maxEventSize, 1024 characters; the connection was dropped. Pass a larger maxEventSize to the call to accept it.",
    );
  });

  it("StreamIdleError is a ConnectionTimeoutError that names where and how long the stream was silent", () => {
    const err = new StreamIdleError("GET https://api.example.com:443/browsers/brs_1/logs", 30_000);

    expect(err).toBeInstanceOf(ConnectionTimeoutError);
    expect([err.name, err.idleTimeoutMs, err.maybePerformed]).toEqual(["StreamIdleError", 30_000, true]);
    expect(err.message).toBe(
      "GET https://api.example.com:443/browsers/brs_1/logs: the event stream was silent for longer than idleTimeoutMs, 30000 ms; the connection was dropped.",
    );
  });

  it("StreamEventError carries the event as received and every issue", () => {
    const event = { id: "7", type: "log", data: '{"level":9}' };
    const issues = [{ path: "data.level", message: "must be string" }];

    const err = new StreamEventError("An event of browsers.logs.follow is not what the spec promises", event, issues);

    expect(err).toBeInstanceOf(ClientError);
    expect([err.name, err.event, err.issues, err.maybePerformed, err.message]).toEqual([
      "StreamEventError",
      event,
      issues,
      true,
      "An event of browsers.logs.follow is not what the spec promises",
    ]);
  });
});
