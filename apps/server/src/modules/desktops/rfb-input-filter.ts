import { type RfbInputKind, rfbClientMessages } from './rfb-client-messages.js';

/*
 * The browser-to-Xvnc half of an RFB 3.7/3.8 connection, parsed as it streams past, so that the
 * server itself (not the view-only password) decides what reaches a desktop. The filter frames
 * every message exactly as Xvnc does: what it passes is whole messages, so an observer cannot
 * smuggle a key event inside something the filter took for another message.
 */

export interface RfbInputFilterOptions {
  /** Drop every message that acts on the desktop (keys, pointer, clipboard, resize, power). */
  viewOnly: boolean;
  /** The longest message accepted, in bytes; a longer one is a protocol error. Default 10 MiB. */
  maxMessageBytes?: number;
}

export type RfbFilterPhase = 'version' | 'security' | 'auth' | 'init' | 'messages' | 'failed';

export interface RfbFilterResult {
  /** What goes on to Xvnc: whole messages, rewritten where needed. May share memory with the chunk pushed. */
  out: Buffer;
  /** Set when the client broke the protocol: forward `out`, then close the connection. */
  error?: string;
}

export interface RfbInputFilter {
  /** Takes the client's next bytes, split anywhere; after an error it passes nothing and repeats the error. */
  push(chunk: Buffer): RfbFilterResult;
  /** Applies from the next message on (a message under way finishes as it began). */
  setViewOnly(viewOnly: boolean): void;
  readonly viewOnly: boolean;
  readonly phase: RfbFilterPhase;
  /** Messages dropped so far in view-only mode, by what they would have done. */
  readonly dropped: Readonly<Record<RfbInputKind, number>>;
}

export const DEFAULT_MAX_MESSAGE_BYTES = 10 * 1024 * 1024;
/** Both versions have the client pick the security type; 3.3 (and any unknown version, which Xvnc treats as 3.3) do not. */
const VERSIONS = new Set(['RFB 003.007\n', 'RFB 003.008\n']);
const VNC_AUTH = 2;
const EMPTY = Buffer.alloc(0);

/** The output of one push: runs of the input chunk where possible, so a chunk that passes whole is not copied. */
class Output {
  private readonly parts: Buffer[] = [];
  private run: { chunk: Buffer; start: number; end: number } | undefined;

  slice(chunk: Buffer, start: number, end: number): void {
    if (this.run?.chunk === chunk && this.run.end === start) this.run.end = end;
    else {
      this.close();
      this.run = { chunk, start, end };
    }
  }

  bytes(bytes: Buffer): void {
    this.close();
    this.parts.push(bytes);
  }

  take(): Buffer {
    this.close();
    if (this.parts.length <= 1) return this.parts[0] ?? EMPTY;
    return Buffer.concat(this.parts);
  }

  private close(): void {
    if (this.run && this.run.end > this.run.start) this.parts.push(this.run.chunk.subarray(this.run.start, this.run.end));
    this.run = undefined;
  }
}

type Action = 'pass' | 'drop' | 'collect';
/** What to do with a unit (a handshake step or a message) once its first bytes are read. */
type Decision =
  | { more: number }
  | { error: string }
  | { length: number; action: Action; replace?: Buffer; rewrite?: (message: Buffer) => Buffer };

export const createRfbInputFilter = (options: RfbInputFilterOptions): RfbInputFilter => {
  const maxBytes = options.maxMessageBytes ?? DEFAULT_MAX_MESSAGE_BYTES;
  let viewOnly = options.viewOnly;
  let phase: RfbFilterPhase = 'version';
  let failure = '';
  const dropped: Record<RfbInputKind, number> = { key: 0, pointer: 0, clipboard: 0, resize: 0, power: 0 };

  // The unit being read: its first bytes gather in `head` until its length is known...
  const head = Buffer.alloc(16);
  let have = 0;
  let need = 12;
  /** Where the head began in the chunk being pushed; -1 when it began in an earlier chunk. */
  let headStart = -1;
  // ...then the rest of it streams past (or is collected whole, for a rewrite).
  let rest = 0;
  let action: Action = 'pass';
  let rewrite: ((message: Buffer) => Buffer) | undefined;
  let collected = EMPTY;
  let collectedLength = 0;

  const handshake = (next: RfbFilterPhase, error: string | false): Decision => {
    if (error) return { error };
    phase = next;
    return { length: have, action: 'pass' };
  };

  const decide = (): Decision => {
    switch (phase) {
      case 'version': {
        const version = head.toString('latin1', 0, 12);
        return handshake('security', !VERSIONS.has(version) && `unsupported RFB version ${JSON.stringify(version)}`);
      }
      case 'security':
        return handshake(
          'auth',
          head[0] !== VNC_AUTH && `security type ${head[0]} refused: only VNC authentication (2) is allowed`,
        );
      case 'auth':
        phase = 'init';
        return { length: 16, action: 'pass' };
      case 'init':
        // ClientInit's shared-flag, always 1: nobody's connection disconnects the others.
        phase = 'messages';
        return { length: 1, action: 'drop', replace: Buffer.from([1]) };
      default: {
        const type = head.readUInt8(0);
        const rule = rfbClientMessages.get(type);
        if (!rule) return { error: `unknown client message type ${type}` };
        if (have < rule.head) return { more: rule.head };
        const length = rule.length(head);
        if (typeof length === 'string') return { error: length };
        if (length > maxBytes) return { error: `${rule.name} of ${length} bytes exceeds the limit of ${maxBytes}` };
        if (rule.input && viewOnly) {
          dropped[rule.input]++;
          return { length, action: 'drop' };
        }
        return rule.rewrite ? { length, action: 'collect', rewrite: rule.rewrite } : { length, action: 'pass' };
      }
    }
  };

  const finish = (out: Output) => {
    if (action === 'collect' && rewrite) out.bytes(rewrite(collected));
    collected = EMPTY;
    rewrite = undefined;
    have = 0;
    need = 1;
  };

  /** Starts the unit's body once its length is known; the head read so far is its first bytes. */
  const begin = (d: Extract<Decision, { length: number }>, chunk: Buffer, at: number, out: Output) => {
    action = d.action;
    rest = d.length - have;
    if (d.replace) out.bytes(d.replace);
    if (action === 'pass') {
      if (headStart >= 0) out.slice(chunk, headStart, at);
      else out.bytes(Buffer.from(head.subarray(0, have)));
    } else if (action === 'collect') {
      rewrite = d.rewrite;
      collected = Buffer.allocUnsafe(d.length);
      collectedLength = head.copy(collected, 0, 0, have);
    }
    if (rest === 0) finish(out);
  };

  const fail = (error: string, out: Output): RfbFilterResult => {
    phase = 'failed';
    failure = error;
    return { out: out.take(), error };
  };

  const push = (chunk: Buffer): RfbFilterResult => {
    if (failure) return { out: EMPTY, error: failure };
    const out = new Output();
    headStart = have > 0 ? -1 : 0;
    let i = 0;
    while (i < chunk.length) {
      if (rest > 0) {
        const n = Math.min(rest, chunk.length - i);
        if (action === 'pass') out.slice(chunk, i, i + n);
        else if (action === 'collect') collectedLength += chunk.copy(collected, collectedLength, i, i + n);
        i += n;
        rest -= n;
        if (rest === 0) finish(out);
        continue;
      }
      if (have === 0) headStart = i;
      const n = Math.min(need - have, chunk.length - i);
      have += chunk.copy(head, have, i, i + n);
      i += n;
      if (have < need) break;
      const d = decide();
      if ('error' in d) return fail(d.error, out);
      if ('more' in d) need = d.more;
      else begin(d, chunk, i, out);
    }
    return { out: out.take() };
  };

  return {
    push,
    setViewOnly: (value) => {
      viewOnly = value;
    },
    get viewOnly() {
      return viewOnly;
    },
    get phase() {
      return phase;
    },
    dropped,
  };
};
