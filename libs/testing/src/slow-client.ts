import net from 'node:net';

/** How late a server's limit may be seen: Node checks on a period of a quarter of the shortest, a test's timers add a little. */
export const SLOW_CLIENT_SLACK_MS = 700;
/** A slow client's answer once cut off: a 408, or the connection closed with nothing sent. */
export const TIMED_OUT_ANSWER = /^(HTTP\/1\.1 408 |$)/;

export interface SlowClientResult {
  /** Everything the server sent before it closed the connection. */
  answer: string;
  /** From the first byte sent to the close. */
  elapsedMs: number;
}

/**
 * A client holding a connection open as an attacker would: writes `head`, then one more byte of `trickle` every
 * `everyMs`, and never finishes (it stops only when the server closes the connection, or after `giveUpMs`).
 */
export function slowClient(
  port: number,
  head: string,
  trickle: string,
  { everyMs = 50, giveUpMs = 10_000 } = {},
): Promise<SlowClientResult> {
  return new Promise((resolve, reject) => {
    const started = Date.now();
    const chunks: Buffer[] = [];
    let sent = 0;
    const socket = net.connect(port, '127.0.0.1', () => socket.write(head));
    const drip = setInterval(() => {
      if (socket.writable && sent < trickle.length) socket.write(trickle[sent++]);
    }, everyMs);
    const giveUp = setTimeout(
      () => socket.destroy(new Error(`the server still held the connection after ${giveUpMs} ms`)),
      giveUpMs,
    );
    socket.on('data', (chunk: Buffer) => chunks.push(chunk));
    // A reset after the answer (the server closed while bytes were still arriving) ends the exchange like a close.
    socket.on('error', (error: NodeJS.ErrnoException) => {
      if (error.code !== 'ECONNRESET' && error.code !== 'EPIPE') reject(error);
    });
    socket.on('close', () => {
      clearInterval(drip);
      clearTimeout(giveUp);
      resolve({ answer: Buffer.concat(chunks).toString('utf8'), elapsedMs: Date.now() - started });
    });
  });
}
