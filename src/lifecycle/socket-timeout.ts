// A connection whose timer fired is closed after the event loop's next read of the sockets, not before it: a request
// that arrived in time is answered rather than reset.
import type { Server } from 'node:http';
import type { Socket } from 'node:net';

/**
 * Node closes a connection the moment its timer fires (the keep-alive timeout after a response, or the server's
 * timeout), in the event loop's timer phase, which runs before the phase that reads sockets. After the process has
 * stalled for longer than the keep-alive timeout (a long collection, a CPU shared with 20 other processes, or, in the
 * tests, an MCP client in the same process compiling its output schemas for 12 s), a request that a client sent on
 * the idle connection while it was still open sits unread in the socket's buffer: the close discards it, and the
 * client gets ECONNRESET (https://github.com/nodejs/node/issues/43456; with client and server in one process, as
 * in the tests, https://github.com/nodejs/node/issues/54293). Here a timed-out connection is closed in the next check
 * phase (setImmediate), after one read phase: if bytes arrived meanwhile, a request is under way and the connection
 * stays open under its timers; otherwise it is closed as Node would have closed it.
 *
 * With a 'timeout' listener on the server, Node closes no timed-out socket itself: this listener closes them all.
 */
export function closeTimedOutAfterReads(server: Server): void {
  server.on('timeout', (socket: Socket) => {
    const read = socket.bytesRead;
    setImmediate(() => {
      if (socket.destroyed) return;
      if (socket.bytesRead === read) socket.destroy();
      // The timer has fired and is re-armed only by activity to come: started again, so a request that stops halfway
      // is still cut.
      else socket.setTimeout(socket.timeout ?? 0);
    });
  });
}
