import type { Duplex } from 'node:stream';
import { DesktopCloseCode } from '@portal/shared';
import { OPEN, type WebSocketLike, toBuffer } from '../../http/web-socket.js';

/** What the proxy does with the browser's bytes before they reach Xvnc (rfb-input-filter.ts). */
export interface InputFilter {
  push(chunk: Buffer): { out: Buffer; error?: string | undefined };
}

/** Xvnc's output waits while this much is queued for the browser (a slow link slows the desktop, not the server). */
const HIGH_WATER = 4 * 1024 * 1024;

/**
 * Pipes one browser WebSocket to one desktop's RFB stream, in both directions, until either side
 * ends. The browser's bytes pass through `filter` first; anything it refuses closes the socket.
 * Returns a function that closes both sides with a close code.
 */
export const pipeDesktop = (
  socket: WebSocketLike,
  stream: Duplex,
  filter: InputFilter,
  onEnd: () => void,
): ((code: number, reason: string) => void) => {
  let ended = false;
  const end = (code: number, reason: string) => {
    if (ended) return;
    ended = true;
    stream.destroy();
    if (socket.readyState === OPEN) socket.close(code, reason);
    onEnd();
  };

  stream.on('data', (chunk: Buffer) => {
    if (socket.readyState !== OPEN) return;
    socket.send(chunk, () => {
      if (stream.isPaused() && socket.bufferedAmount < HIGH_WATER) stream.resume();
    });
    if (socket.bufferedAmount >= HIGH_WATER) stream.pause();
  });
  stream.on('end', () => end(DesktopCloseCode.unreachable, 'the desktop closed the connection'));
  stream.on('close', () => end(DesktopCloseCode.unreachable, 'the desktop closed the connection'));
  stream.on('error', () => end(DesktopCloseCode.unreachable, 'the desktop cannot be reached'));

  socket.on('message', (data) => {
    if (ended) return;
    const { out, error } = filter.push(toBuffer(data));
    if (out.length > 0) stream.write(out);
    if (error) end(DesktopCloseCode.protocol, error);
  });
  socket.on('close', () => end(1000, 'closed'));
  return end;
};
