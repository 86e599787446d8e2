import type { Socket } from 'socket.io-client';

/** The socket once it connected; rejects with the handshake's refusal (`connect_error`). */
export function connected<S extends Socket>(socket: S): Promise<S> {
  return new Promise((resolve, reject) => {
    socket.once('connect', () => resolve(socket));
    socket.once('connect_error', reject);
  });
}
