import type { Duplex } from 'node:stream';
import { DesktopCloseCode } from '@portal/shared';
import type { StreamReader } from '../../cluster/access/types.js';
import { OPEN, type WebSocketLike, toBuffer } from '../../http/web-socket.js';

/** What the proxy does with the browser's bytes before they reach Xvnc (rfb-input-filter.ts). */
export interface InputFilter {
  push(chunk: Buffer): { out: Buffer; error?: string | undefined };
}

/** One read can hold a whole Raw update of a 1280x800 desktop in four reads or fewer. */
const LENT_SIZE = 1024 * 1024;
/** Xvnc's output waits while this much is queued for the browser (a slow link slows the desktop, not the server). */
const HIGH_WATER = 4 * 1024 * 1024;

/**
 * Sends what the desktop says to the browser, each read as one binary message. Local access reads
 * into two buffers lent in turn: ws writes a message straight from the buffer it was given, so a
 * buffer is read into again only once its message has gone out, and the stream pauses while both
 * are out (their messages complete in order, so the next one lent is always the older). Over ssh
 * the chunks are ssh2's own and only HIGH_WATER holds the stream back.
 */
export class DesktopReader implements StreamReader {
  private readonly lent = [Buffer.allocUnsafeSlow(LENT_SIZE), Buffer.allocUnsafeSlow(LENT_SIZE)];
  private turn = 0;
  private lentOut = 0;
  private bytesOut = 0;
  private paused = false;
  private stream: Duplex | undefined;
  /** Reads that came before attach(): held, so the browser's answer finds the pipe listening. */
  private held: Buffer[] | null = [];

  constructor(private readonly socket: WebSocketLike) {}

  /**
   * The pipe listens to the browser now: what the desktop said before goes out, and reading goes
   * on. Until then nothing is sent: RFB's server speaks first, and a browser's answer that came
   * before the pipe listened would be lost (CI: on PostgreSQL the connection's audit line took
   * long enough for it).
   */
  attach(stream: Duplex): void {
    this.stream = stream;
    const held = this.held ?? [];
    this.held = null;
    for (const chunk of held) this.send(chunk);
    if (this.paused && !this.full()) {
      this.paused = false;
      stream.resume();
    }
  }

  next(): Buffer {
    const buffer = this.lent[this.turn] as Buffer;
    this.turn ^= 1;
    return buffer;
  }

  data(chunk: Buffer): boolean {
    if (this.socket.readyState !== OPEN) return false;
    this.count(chunk, 1);
    // Held, its buffer stays out (reading pauses) until attach() sends it.
    if (this.held) this.held.push(chunk);
    else this.send(chunk);
    if (this.held || this.full()) this.paused = true;
    return !this.paused;
  }

  private count(chunk: Buffer, sign: 1 | -1): void {
    if (this.isLent(chunk)) this.lentOut += sign;
    this.bytesOut += sign * chunk.length;
  }

  private send(chunk: Buffer): void {
    this.socket.send(chunk, () => {
      this.count(chunk, -1);
      if (this.paused && !this.held && !this.full()) {
        this.paused = false;
        this.stream?.resume();
      }
    });
  }

  private isLent(chunk: Buffer): boolean {
    return this.lent.some((b) => b.buffer === chunk.buffer);
  }

  private full(): boolean {
    return this.lentOut >= this.lent.length || this.bytesOut >= HIGH_WATER;
  }
}

/**
 * Pipes one browser WebSocket to one desktop's RFB stream, in both directions, until either side
 * ends. The desktop's bytes reach the browser through `reader` (the one the stream was opened
 * with); the browser's pass through `filter` first, and anything it refuses closes the socket.
 * Returns a function that closes both sides with a close code.
 */
export const pipeDesktop = (
  socket: WebSocketLike,
  stream: Duplex,
  reader: DesktopReader,
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
  // Last: the desktop's first words go out once the browser's answer has somewhere to go.
  reader.attach(stream);
  return end;
};
