import { describe, expect, it } from 'vitest';
import { EXTENDED_MOUSE_BUTTONS } from './rfb-client-messages.js';
import { createRfbInputFilter, type RfbInputFilter } from './rfb-input-filter.js';

/*
 * Byte fixtures of what noVNC 1.7 sends (core/rfb.js, RFB.messages), pushed whole, split at every
 * offset and one byte at a time: the filter must pass the same bytes whatever the split.
 */

const bytes = (...parts: (number[] | Buffer | string)[]) =>
  Buffer.concat(parts.map((p) => (typeof p === 'string' ? Buffer.from(p, 'latin1') : Buffer.from(p))));
const u16 = (n: number) => [(n >> 8) & 0xff, n & 0xff];
const u32 = (n: number) => {
  const b = Buffer.alloc(4);
  b.writeInt32BE(n | 0);
  return [...b];
};

const version = bytes('RFB 003.008\n');
const authResponse = bytes([...Array(16).keys()].map((i) => 0xa0 + i));
/** Version, VncAuth chosen, the DES response, ClientInit asking for exclusive access. */
const handshake = bytes(version, [2], authResponse, [0]);
const handshakeOut = bytes(version, [2], authResponse, [1]);

const msg = {
  setPixelFormat: bytes([0, 0, 0, 0, 32, 24, 0, 1], u16(255), u16(255), u16(255), [0, 8, 16, 0, 0, 0]),
  setEncodings: (encodings: number[]) => bytes([2, 0], u16(encodings.length), ...encodings.map(u32)),
  fbUpdateRequest: bytes([3, 1], u16(0), u16(0), u16(1280), u16(720)),
  key: (keysym: number, down: boolean) => bytes([4, down ? 1 : 0, 0, 0], u32(keysym)),
  pointer: (x: number, y: number, mask: number) => bytes([5, mask], u16(x), u16(y)),
  cutText: (text: string) => bytes([6, 0, 0, 0], u32(text.length), text),
  extendedCutText: (payload: Buffer) => bytes([6, 0, 0, 0], u32(-payload.length), payload),
  continuousUpdates: bytes([150, 1], u16(0), u16(0), u16(1280), u16(720)),
  fence: (payload: string) => bytes([248, 0, 0, 0], u32(0x80000002), [payload.length], payload),
  setDesktopSize: (screens: number) =>
    bytes(
      [251, 0],
      u16(1024),
      u16(768),
      [screens, 0],
      ...[...Array(screens).keys()].map((id) => bytes(u32(id), u16(0), u16(0), u16(1024), u16(768), u32(0))),
    ),
  xvp: bytes([250, 0, 1, 2]),
  qemuKey: (keysym: number, down: boolean, keycode: number) => bytes([255, 0], u16(down ? 1 : 0), u32(keysym), u32(keycode)),
};

const encodings = [16, 0, -223, -224, -258, -308, -309, -312, -313, 0xc0a1e5ce | 0, EXTENDED_MOUSE_BUTTONS, -239];
const harmless = [
  msg.setPixelFormat,
  msg.setEncodings(encodings),
  msg.fbUpdateRequest,
  msg.continuousUpdates,
  msg.fence('ab'),
  msg.fence(''),
];
const harmlessOut = [
  msg.setPixelFormat,
  msg.setEncodings(encodings.filter((e) => e !== EXTENDED_MOUSE_BUTTONS)),
  ...harmless.slice(2),
];
const inputs = [
  msg.key(0x61, true),
  msg.key(0x61, false),
  msg.pointer(10, 20, 1),
  msg.pointer(10, 20, 0),
  msg.cutText('hello'),
  msg.extendedCutText(bytes([0x10, 0, 0, 1], u32(0x1f))),
  msg.setDesktopSize(2),
  msg.xvp,
  msg.qemuKey(0xff0d, true, 0x1c),
];
const session = bytes(handshake, ...harmless.slice(0, 2), ...inputs, ...harmless.slice(2), msg.fbUpdateRequest);
const interactionOut = bytes(handshakeOut, ...harmlessOut.slice(0, 2), ...inputs, ...harmlessOut.slice(2), msg.fbUpdateRequest);
const observationOut = bytes(handshakeOut, ...harmlessOut, msg.fbUpdateRequest);

/** Pushes the chunks in turn; the output and the first error. */
const run = (filter: RfbInputFilter, chunks: Buffer[]) => {
  const out: Buffer[] = [];
  let error: string | undefined;
  for (const c of chunks) {
    const r = filter.push(c);
    out.push(r.out);
    error ??= r.error;
  }
  return { out: Buffer.concat(out), error };
};
const splitAt = (b: Buffer, ...at: number[]) =>
  [0, ...at, b.length].slice(1).map((end, i, ends) => b.subarray(i ? ends[i - 1] : 0, end));
const byteByByte = (b: Buffer) => [...b].map((x) => Buffer.from([x]));

describe('RFB input filter', () => {
  it('passes a whole interaction session byte-exact, with ClientInit shared and without ExtendedMouseButtons', () => {
    const filter = createRfbInputFilter({ viewOnly: false });
    expect(run(filter, [session])).toEqual({ out: interactionOut, error: undefined });
    expect(filter.phase).toBe('messages');
    expect(filter.dropped).toEqual({ key: 0, pointer: 0, clipboard: 0, resize: 0, power: 0 });
  });

  it('drops keys, pointer, clipboard, resize and xvp in view-only mode and counts them', () => {
    const filter = createRfbInputFilter({ viewOnly: true });
    expect(run(filter, [session])).toEqual({ out: observationOut, error: undefined });
    expect(filter.dropped).toEqual({ key: 3, pointer: 2, clipboard: 2, resize: 1, power: 1 });
  });

  it.each([false, true])('gives the same bytes whatever the split (view-only %s)', (viewOnly) => {
    const expected = viewOnly ? observationOut : interactionOut;
    for (let at = 0; at <= session.length; at++) {
      expect(run(createRfbInputFilter({ viewOnly }), splitAt(session, at)).out).toEqual(expected);
    }
    expect(run(createRfbInputFilter({ viewOnly }), byteByByte(session)).out).toEqual(expected);
    for (let seed = 1; seed <= 50; seed++) {
      let x = seed;
      const cuts = new Set<number>();
      for (let k = 0; k < 6; k++) cuts.add((x = (x * 1103515245 + 12345) % 2 ** 31) % session.length);
      const chunks = splitAt(session, ...[...cuts].sort((a, b) => a - b));
      expect(run(createRfbInputFilter({ viewOnly }), chunks).out).toEqual(expected);
    }
  });

  it('drops each input message alone, split anywhere, and passes the next message whole', () => {
    for (const input of inputs) {
      const stream = bytes(handshake, input, msg.fbUpdateRequest);
      for (let at = handshake.length; at <= stream.length; at++) {
        const filter = createRfbInputFilter({ viewOnly: true });
        expect(run(filter, splitAt(stream, at)).out).toEqual(bytes(handshakeOut, msg.fbUpdateRequest));
        expect(Object.values(filter.dropped).reduce((a, b) => a + b)).toBe(1);
      }
    }
  });

  it('removes only ExtendedMouseButtons from SetEncodings, so a PointerEvent is always 6 bytes', () => {
    const filter = createRfbInputFilter({ viewOnly: false });
    filter.push(handshake);
    const plain = msg.setEncodings([0, -223]);
    expect(filter.push(plain).out).toEqual(plain);
    expect(filter.push(msg.setEncodings([EXTENDED_MOUSE_BUTTONS])).out).toEqual(msg.setEncodings([]));
    // With the marker bit set: Xvnc, not told of extended buttons, reads six bytes, and so does the filter.
    const stream = bytes(msg.pointer(1, 2, 0x80), msg.fbUpdateRequest);
    expect(filter.push(stream)).toEqual({ out: stream });
  });

  it('does not copy a chunk that passes whole', () => {
    const filter = createRfbInputFilter({ viewOnly: false });
    filter.push(handshake);
    const chunk = bytes(msg.key(0x61, true), msg.pointer(1, 2, 0), msg.cutText('x'.repeat(4096)));
    const { out } = filter.push(chunk);
    expect(out).toEqual(chunk);
    expect(out.buffer).toBe(chunk.buffer);
    expect(out.byteOffset).toBe(chunk.byteOffset);
  });

  it('streams a large clipboard through as it arrives, and drops it unbuffered for an observer', () => {
    const text = 'y'.repeat(3 * 1024 * 1024);
    const chunks = splitAt(msg.cutText(text), 5, 64 * 1024, 1024 * 1024, 2 * 1024 * 1024);
    const passing = createRfbInputFilter({ viewOnly: false });
    passing.push(handshake);
    // The first chunk ends inside ClientCutText's 8-byte head: held until the length is known.
    expect(passing.push(chunks[0]!).out).toHaveLength(0);
    // Megabytes: compared with Buffer.equals, which is far quicker than a deep equality.
    expect(passing.push(chunks[1]!).out.equals(bytes(chunks[0]!, chunks[1]!))).toBe(true);
    for (const c of chunks.slice(2)) expect(passing.push(c).out.equals(c)).toBe(true);
    const dropping = createRfbInputFilter({ viewOnly: true });
    dropping.push(handshake);
    for (const c of chunks) expect(dropping.push(c).out).toHaveLength(0);
    expect(dropping.push(msg.fbUpdateRequest).out).toEqual(msg.fbUpdateRequest);
    expect(dropping.dropped.clipboard).toBe(1);
  });

  it('switches to view-only from the next message on', () => {
    const filter = createRfbInputFilter({ viewOnly: false });
    const key = msg.key(0x62, true);
    expect(filter.push(bytes(handshake, key.subarray(0, 3))).out).toEqual(bytes(handshakeOut, key.subarray(0, 3)));
    filter.setViewOnly(true);
    expect(filter.viewOnly).toBe(true);
    expect(filter.push(bytes(key.subarray(3), key)).out).toEqual(key.subarray(3));
    expect(filter.dropped.key).toBe(1);
  });

  describe('refuses', () => {
    const refused = (stream: Buffer, viewOnly = false, maxMessageBytes?: number) => {
      const filter = createRfbInputFilter({ viewOnly, ...(maxMessageBytes ? { maxMessageBytes } : {}) });
      const result = run(filter, [stream]);
      expect(filter.phase).toBe('failed');
      // Nothing passes after the error, not even harmless bytes.
      expect(filter.push(msg.fbUpdateRequest)).toEqual({ out: Buffer.alloc(0), error: result.error });
      return result;
    };

    it('an unknown message type, passing what came before it', () => {
      for (const type of [1, 7, 8, 9, 10, 11, 127, 149, 249, 252, 253, 254]) {
        const { out, error } = refused(bytes(handshake, msg.fbUpdateRequest, [type, 0, 0, 0, 0, 0, 0, 0]));
        expect(error).toBe(`unknown client message type ${type}`);
        expect(out).toEqual(bytes(handshakeOut, msg.fbUpdateRequest));
      }
    });

    it('a QEMU message other than the extended key event', () => {
      expect(refused(bytes(handshake, [255, 1, 0, 0])).error).toBe('QEMU client message subtype 1 is not supported');
    });

    it('a message over the limit as soon as its length is known, in either mode', () => {
      const head = bytes([6, 0, 0, 0], u32(10 * 1024 * 1024 - 7));
      expect(refused(bytes(handshake, head)).error).toBe('ClientCutText of 10485761 bytes exceeds the limit of 10485760');
      expect(refused(bytes(handshake, head), true).error).toMatch(/exceeds the limit/);
      expect(refused(bytes(handshake, [6, 0, 0, 0], u32(-0x80000000))).error).toMatch(/of 2147483656 bytes exceeds/);
      expect(refused(bytes(handshake, msg.setEncodings(encodings)), false, 40).error).toBe(
        'SetEncodings of 52 bytes exceeds the limit of 40',
      );
      const exactly = createRfbInputFilter({ viewOnly: false, maxMessageBytes: 13 });
      expect(run(exactly, [handshake, msg.cutText('hello')]).error).toBeUndefined();
    });

    it('a security type other than VNC authentication', () => {
      for (const type of [0, 1, 5, 6, 13, 16, 18, 19, 22, 30, 113, 129]) {
        const { out, error } = refused(bytes(version, [type], authResponse, [1]));
        expect(error).toBe(`security type ${type} refused: only VNC authentication (2) is allowed`);
        expect(out).toEqual(version);
      }
    });

    it('protocol versions where the client does not choose the security type', () => {
      for (const v of [
        'RFB 003.003\n',
        'RFB 003.005\n',
        'RFB 003.889\n',
        'RFB 004.001\n',
        'ID:1234\0\0\0\0\0',
        'GET / HTTP/1.1\r\n',
      ]) {
        const { out, error } = refused(bytes(v, [2], authResponse, [1]));
        expect(error).toMatch(/^unsupported RFB version/);
        expect(out).toHaveLength(0);
      }
      expect(run(createRfbInputFilter({ viewOnly: true }), [bytes('RFB 003.007\n', [2])]).error).toBeUndefined();
    });
  });
});
