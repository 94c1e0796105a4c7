/*
 * The messages an RFB 3.8 client (RFC 6143 and the community extensions noVNC 1.7 uses) may send
 * after the handshake, and how long each is. Every type TigerVNC's Xvnc reads is here, plus xvp;
 * a type that is not here is a protocol error, never passed on.
 */

/** What a message does to the desktop: such messages never reach it from an observer. */
export type RfbInputKind = 'key' | 'pointer' | 'clipboard' | 'resize' | 'power';

export interface RfbClientMessage {
  name: string;
  /** Bytes, the type byte included, that fix the message's length. */
  head: number;
  /** The whole message's length in bytes, read from its first `head` bytes; a string says why it is refused. */
  length(head: Buffer): number | string;
  /** Set on messages that act on the desktop. */
  input?: RfbInputKind;
  /** Set on the few messages the proxy rewrites: it sees the whole message and returns what goes on. */
  rewrite?(message: Buffer): Buffer;
}

/** ExtendedMouseButtons: once a client lists it, TigerVNC (1.15 on) reads a 7-byte PointerEvent when the mask's top bit is set. */
export const EXTENDED_MOUSE_BUTTONS = -316;

/**
 * A SetEncodings without ExtendedMouseButtons. Which length a PointerEvent has would otherwise
 * depend on the server's version (1.12 never reads the seventh byte), and the filter must frame
 * every message exactly as the server does. Without it noVNC sends 6-byte events (buttons 1 to 7).
 */
const withoutExtendedMouseButtons = (message: Buffer): Buffer => {
  const count = message.readUInt16BE(2);
  const kept: number[] = [];
  for (let i = 0; i < count; i++) {
    const encoding = message.readInt32BE(4 + 4 * i);
    if (encoding !== EXTENDED_MOUSE_BUTTONS) kept.push(encoding);
  }
  if (kept.length === count) return message;
  const out = Buffer.alloc(4 + 4 * kept.length);
  message.copy(out, 0, 0, 2);
  out.writeUInt16BE(kept.length, 2);
  kept.forEach((encoding, i) => out.writeInt32BE(encoding, 4 + 4 * i));
  return out;
};

const fixed = (name: string, length: number, input?: RfbInputKind): RfbClientMessage => ({
  name,
  head: 1,
  length: () => length,
  ...(input ? { input } : {}),
});

export const rfbClientMessages: ReadonlyMap<number, RfbClientMessage> = new Map<number, RfbClientMessage>([
  [0, fixed('SetPixelFormat', 20)],
  [
    2,
    {
      name: 'SetEncodings',
      head: 4,
      length: (head) => 4 + 4 * head.readUInt16BE(2),
      rewrite: withoutExtendedMouseButtons,
    },
  ],
  [3, fixed('FramebufferUpdateRequest', 10)],
  [4, fixed('KeyEvent', 8, 'key')],
  [5, fixed('PointerEvent', 6, 'pointer')],
  // A negative length is the extended clipboard's: its absolute value is the payload's length.
  [6, { name: 'ClientCutText', head: 8, length: (head) => 8 + Math.abs(head.readInt32BE(4)), input: 'clipboard' }],
  [150, fixed('EnableContinuousUpdates', 10)],
  [248, { name: 'ClientFence', head: 9, length: (head) => 9 + head.readUInt8(8) }],
  // xvp asks the server to shut down, reboot or reset the machine.
  [250, fixed('xvp', 4, 'power')],
  [251, { name: 'SetDesktopSize', head: 8, length: (head) => 8 + 16 * head.readUInt8(6), input: 'resize' }],
  [
    255,
    {
      name: 'QEMU client message',
      head: 2,
      // Subtype 0 is the extended key event; audio (1) is not offered by Xvnc.
      length: (head) => (head.readUInt8(1) === 0 ? 12 : `QEMU client message subtype ${head.readUInt8(1)} is not supported`),
      input: 'key',
    },
  ],
]);
