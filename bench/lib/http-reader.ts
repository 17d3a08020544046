// Where each HTTP/1.1 response ends on one keep-alive connection, for the paced load client (bench/lib/paced.ts).

const HEAD_END = Buffer.from('\r\n\r\n');
/** A head longer than this is not an answer from the benchmark's servers. */
const MAX_HEAD_BYTES = 64 * 1024;

/** The status and body length of a response head (status line and headers, without the blank line). */
export function parseHead(head: string): { status: number; bodyBytes: number } {
  const status = /^HTTP\/1\.[01] (\d{3})/.exec(head);
  if (!status) throw new Error(`not an HTTP/1.1 response: ${JSON.stringify(head.slice(0, 80))}`);
  const code = Number(status[1]);
  // Only Content-Length framing is read: the servers under test send prepared bytes. A chunked answer would
  // mean the server changed, and counting its bytes wrongly would skew every latency after it.
  if (/\r\ntransfer-encoding:/i.test(head)) throw new Error(`status ${code}: Transfer-Encoding is not read by the paced client`);
  const length = /\r\ncontent-length:[ \t]*(\d+)[ \t]*(?:\r\n|$)/i.exec(head);
  if (length) return { status: code, bodyBytes: Number(length[1]) };
  if (code === 204 || code === 304) return { status: code, bodyBytes: 0 };
  throw new Error(`status ${code} without Content-Length`);
}

/**
 * Reads the responses to requests sent one at a time on one connection (no pipelining), whatever way the bytes
 * are split into chunks. Throws on framing it does not read (see parseHead).
 */
export class ResponseReader {
  private head: Buffer = Buffer.alloc(0);
  /** Body bytes still to come; -1 while a head is being read. */
  private bodyLeft = -1;
  private status = 0;

  /** The statuses of the responses this chunk completes, in order. */
  push(chunk: Buffer): number[] {
    const done: number[] = [];
    let at = 0;
    while (at < chunk.length) {
      if (this.bodyLeft < 0) {
        const before = this.head.length;
        this.head = before === 0 ? chunk.subarray(at) : Buffer.concat([this.head, chunk.subarray(at)]);
        // The terminator may straddle the previous chunk and this one.
        const end = this.head.indexOf(HEAD_END, Math.max(0, before - 3));
        if (end < 0) {
          if (this.head.length > MAX_HEAD_BYTES) throw new Error(`response head over ${MAX_HEAD_BYTES} bytes`);
          return done;
        }
        const parsed = parseHead(this.head.toString('latin1', 0, end));
        this.status = parsed.status;
        this.bodyLeft = parsed.bodyBytes;
        at += end + HEAD_END.length - before;
        this.head = Buffer.alloc(0);
      }
      const take = Math.min(this.bodyLeft, chunk.length - at);
      this.bodyLeft -= take;
      at += take;
      if (this.bodyLeft === 0) {
        done.push(this.status);
        this.bodyLeft = -1;
      }
    }
    return done;
  }
}
