import type { IncomingMessage, Server, ServerResponse } from "node:http";
/** Turns a refusal into `[content type, body]`. */
export type RefusalFormat = (status: number, message: string) => [string, string];
/** Longest request target (path and query) the dev servers accept, in bytes; longer gets 414. */
export const MAX_TARGET_BYTES: number;
/** Why a request target is refused, or null for a path that is safe to pass on. */
export function badTarget(target: string | undefined): { status: number; message: string } | null;
/** A refusal as plain text. */
export const plainText: RefusalFormat;
/** A refusal in the API's Error shape, `{ code, message }`. */
export const apiError: RefusalFormat;
/** Answers `res` with `status` and `message` and closes the connection, or destroys a response already under way. */
export function refuse(res: ServerResponse, status: number, message: string, format?: RefusalFormat, headers?: Record<string, string>): void;
/** An HTTP server whose handler can throw nothing out of it, and that answers whatever reaches it. */
export function createGuardedServer(handler: (req: IncomingMessage, res: ServerResponse) => unknown, format?: RefusalFormat): Server;
