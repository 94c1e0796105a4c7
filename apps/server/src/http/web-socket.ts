/**
 * The part of a `ws` WebSocket the shell uses. @fastify/websocket hands us a `ws` socket; naming
 * only what we call keeps the shell and desktop code independent of it (and lets a test drive a fake one).
 */
export interface WebSocketLike {
  readonly readyState: number;
  /** Bytes queued but not yet handed to the network. */
  readonly bufferedAmount: number;
  /** A Buffer goes out as a binary frame, a string as a text frame. */
  send(data: Buffer | string, cb?: (err?: Error) => void): void;
  ping(): void;
  close(code?: number, reason?: string): void;
  terminate(): void;
  on(event: 'message', listener: (data: Buffer | ArrayBuffer | Buffer[], isBinary: boolean) => void): unknown;
  on(event: 'pong' | 'close', listener: () => void): unknown;
}

/** ws's readyState for an open socket. */
export const OPEN = 1;

/** A frame's payload as one Buffer, whichever of ws's binary types it arrived as. */
export const toBuffer = (data: Buffer | ArrayBuffer | Buffer[]): Buffer =>
  Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
