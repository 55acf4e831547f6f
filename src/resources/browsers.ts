import type { Operations } from "../client.js";
import type { ValidationIssue } from "../errors.js";
import type { RequestOptions } from "../request-options.js";
import type { ClickMouseRequest } from "../types.js";
import { assertValid, check, checkId, ClickMouseRequest as schema, plain } from "../validation.js";

/** The Browser Computer Controls group: mouse, keyboard and screen of a browser session. */
export interface Browsers {
  computer: {
    /**
     * Clicks the mouse in a browser session (`POST /browsers/{id}/computer/click_mouse`). The body
     * is checked against the spec first (`ValidationError`). A click is not idempotent, so it is
     * sent again only when the service certainly did not act: after a 429, or when the connection
     * failed before sending; never after a timeout or a 5xx (`maybePerformed` tells).
     *
     * @example
     * await client.browsers.computer.clickMouse("brs_2x7q9kd4m1", { x: 640, y: 360, button: "left" });
     */
    clickMouse(id: string, body: ClickMouseRequest, options?: RequestOptions): Promise<void>;
  };
}

export function browsers({ call }: Operations): Browsers {
  return {
    computer: {
      async clickMouse(id, body, options) {
        // what is checked is exactly what is sent: a plain snapshot of the body
        const bad: ValidationIssue[] = [];
        const sent = plain(body, "body", bad) as ClickMouseRequest;
        assertValid([...checkId(id), ...(bad.length ? bad : check(schema, sent, "body"))]);
        // the 200 has no body: read it as text so that nothing is parsed as JSON
        await call(options, (raw, init) => raw.POST("/browsers/{id}/computer/click_mouse", { ...init, params: { path: { id } }, body: sent, parseAs: "text" }));
      },
    },
  };
}
