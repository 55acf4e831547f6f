import { ResponseTooLargeError } from "./errors.js";

const decoder = new TextDecoder();

type Bytes = Uint8Array<ArrayBuffer>;

/**
 * An answer whose body was read in full within its attempt (so the attempt's timeout bounded it).
 * Its readers answer from those bytes: `new Response(bytes)` would wrap them in a web stream only
 * for openapi-fetch to read them back, which costs more than the rest of the client per request.
 * Otherwise it is a `Response`: one read of the body, then `bodyUsed`.
 */
export class BufferedResponse extends Response {
  /** The body as received, kept after it was read (for the error built from it); null when empty. */
  readonly received: Bytes | null;
  #used = false;
  // the answer's own headers, shared rather than copied: a copy cost as much as the rest of the read
  readonly #headers: Headers;
  constructor(bytes: Bytes | null | undefined, from: Response) {
    super(null, { status: from.status, statusText: from.statusText });
    this.#headers = from.headers;
    this.received = bytes?.byteLength ? bytes : null;
  }
  override get headers(): Headers {
    return this.#headers;
  }
  #take(): Bytes {
    if (this.#used) throw new TypeError("Body is unusable: Body has already been read");
    this.#used = true;
    return this.received ?? new Uint8Array(0);
  }
  override get bodyUsed(): boolean {
    return this.#used;
  }
  override get body(): ReadableStream<Uint8Array<ArrayBuffer>> | null {
    return this.received && !this.#used
      ? (new Blob([this.#take()]).stream() as ReadableStream<Uint8Array<ArrayBuffer>>)
      : null;
  }
  override async arrayBuffer(): Promise<ArrayBuffer> {
    const bytes = this.#take();
    // a chunk may be a view into a larger buffer
    // Stryker disable next-line ConditionalExpression: a shortcut; a copy holds the same bytes
    return bytes.byteLength === bytes.buffer.byteLength ? bytes.buffer : bytes.slice().buffer;
  }
  override async bytes(): Promise<Bytes> {
    return this.#take();
  }
  override async text(): Promise<string> {
    return decoder.decode(this.#take());
  }
  override async json(): Promise<unknown> {
    return JSON.parse(await this.text());
  }
  override async blob(): Promise<Blob> {
    return new Blob([this.#take()], { type: this.headers.get("content-type") ?? "" });
  }
  override clone(): BufferedResponse {
    if (this.#used) throw new TypeError("Response.clone: Body has already been consumed.");
    return new BufferedResponse(this.received, this);
  }
}

/**
 * Reads `response`'s body chunk by chunk into a `BufferedResponse`, counting the bytes as they come
 * out of decompression. A `Content-Length` over `limit` fails before anything is read; a body that
 * grows past it fails at the chunk that crosses it. Either way the body is cancelled, which drops
 * the connection, and `ResponseTooLargeError` is thrown.
 */
export async function readAll(response: Response, limit: number): Promise<BufferedResponse> {
  if (!response.body) return new BufferedResponse(null, response);
  const reader = response.body.getReader();
  const chunks: Bytes[] = [];
  let size = 0;
  try {
    if (Number(response.headers.get("content-length")) > limit) throw new ResponseTooLargeError(limit, response.status);
    for (let chunk: Awaited<ReturnType<typeof reader.read>>; !(chunk = await reader.read()).done; ) {
      size += chunk.value.byteLength;
      if (size > limit) throw new ResponseTooLargeError(limit, response.status);
      chunks.push(chunk.value);
    }
  } catch (err) {
    reader.cancel().catch(() => {});
    throw err;
  }
  let bytes = chunks[0];
  // Stryker disable next-line ConditionalExpression,EqualityOperator: a shortcut; one chunk copied into bytes of its size is the same bytes, and none is no body either way (the constructor reads empty as null)
  if (chunks.length > 1) {
    bytes = new Uint8Array(size);
    let at = 0;
    for (const chunk of chunks) {
      bytes.set(chunk, at);
      at += chunk.byteLength;
    }
  }
  return new BufferedResponse(bytes, response);
}
