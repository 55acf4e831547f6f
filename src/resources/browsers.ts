import type { RawClient } from "../client.js";
import { callInit, type RequestOptions } from "../request-options.js";
import { unwrap } from "../response.js";
import type { ClickMouseRequest } from "../types.js";

/** The Browser Computer Controls group: mouse, keyboard and screen of a browser session. */
export interface Browsers {
  computer: {
    /**
     * Clicks the mouse in a browser session (`POST /browsers/{id}/computer/click_mouse`).
     * A click is not idempotent: each call clicks again.
     *
     * @example
     * await client.browsers.computer.clickMouse("brs_2x7q9kd4m1", { x: 640, y: 360 });
     */
    clickMouse(id: string, body: ClickMouseRequest, options?: RequestOptions): Promise<void>;
  };
}

export function browsers(raw: RawClient): Browsers {
  return {
    computer: {
      clickMouse: async (id, body, options) => {
        // the 200 has no body: read it as text so an empty chunked answer is not parsed as JSON
        unwrap(await raw.POST("/browsers/{id}/computer/click_mouse", { ...callInit(options), params: { path: { id } }, body, parseAs: "text" }));
      },
    },
  };
}
