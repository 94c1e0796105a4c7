/*
 * bench/desktops painter: the desktop's session (its "window manager") during the proxy-cost phase,
 * run as the desktop's owner on the desktop's display. A tiny X11 client speaking the protocol on
 * the display's Unix socket (no Xlib, nothing to install) that makes every update a full screen:
 *
 *  - it takes the window manager's place (SubstructureRedirect on the root window) and hides every
 *    other window (the xterm the portal opens beside the session), so the root window is the screen;
 *  - each key press fills the whole screen with the other of two colours (input round trip);
 *  - a press of button 1 starts, of button 3 stops, filling the screen with a new colour every
 *    PAINT_MS (frames per second): faster than Xvnc's 60 updates a second, so every update the
 *    client asks for finds the whole screen changed. (Not a toggle: a lost click cannot invert them.)
 *
 *   DISPLAY=:N node --import <tsx loader> bench/desktops/painter.ts
 */
import { existsSync, readFileSync } from 'node:fs';
import { connect } from 'node:net';
import { homedir } from 'node:os';
import { join } from 'node:path';
import { KEY_COLOURS } from './protocol.js';

const PAINT_MS = 4;

const KEY_PRESS = 2;
const BUTTON_PRESS = 4;
const EVENT_MASK = 0x1 | 0x4 | 0x100000; // KeyPress, ButtonPress, SubstructureRedirect

const display = /^:(\d+)/.exec(process.env.DISPLAY ?? '')?.[1];
if (display === undefined) throw new Error('painter: DISPLAY is not set');
const x = connect(`/tmp/.X11-unix/X${display}`);
x.setNoDelay?.(true);

/** One request: opcode, data byte, then 32-bit words (the length is filled in). */
const request = (opcode: number, data: number, words: number[]) => {
  const b = Buffer.alloc(4 + 4 * words.length);
  b.writeUInt8(opcode, 0);
  b.writeUInt8(data, 1);
  b.writeUInt16LE(1 + words.length, 2);
  words.forEach((w, i) => b.writeUInt32LE(w >>> 0, 4 + 4 * i));
  x.write(b);
};

let root = 0;
let gc = 0;
let width = 0;
let height = 0;
let presses = 0;
let painting: NodeJS.Timeout | undefined;
let frame = 0;
/** Replies awaited, in request order (X answers in order). */
const replies: ((reply: Buffer) => void)[] = [];

const fill = (colour: number) => {
  request(56, 0, [gc, 0x4, colour]); // ChangeGC: foreground
  request(70, 0, [root, gc, 0, width | (height << 16)]); // PolyFillRectangle: x 0, y 0, width, height
};

const onEvent = (e: Buffer) => {
  const code = (e[0] ?? 0) & 0x7f;
  if (code === 0) process.stderr.write(`painter: X error ${e[1]} on request ${e[10]}\n`);
  else if (code === KEY_PRESS && !painting) fill(KEY_COLOURS[++presses % 2] as number);
  else if (code === BUTTON_PRESS && e[1] === 3 && painting) {
    clearInterval(painting);
    painting = undefined;
  } else if (code === BUTTON_PRESS && e[1] === 1 && !painting) {
    // A new colour each time: two updates in a row never show the same picture.
    painting = setInterval(() => fill((++frame * 0x9e3779) & 0xffffff), PAINT_MS);
  }
  // Anything else (MapRequest, ConfigureRequest: other windows asking to be shown) is ignored.
};

let pending: Buffer = Buffer.alloc(0);
let ready = false;

const onSetup = (b: Buffer): number => {
  if (b.length < 8) return 0;
  const length = 8 + 4 * b.readUInt16LE(6);
  if (b.length < length) return 0;
  if (b[0] !== 1) throw new Error(`painter: the X server refused the connection: ${b.subarray(8, length).toString('latin1')}`);
  const idBase = b.readUInt32LE(12);
  const vendorLength = b.readUInt16LE(24);
  const formats = b.readUInt8(29);
  const screen = 40 + (vendorLength + ((4 - (vendorLength % 4)) % 4)) + 8 * formats;
  root = b.readUInt32LE(screen);
  width = b.readUInt16LE(screen + 20);
  height = b.readUInt16LE(screen + 22);
  gc = idBase | 1;
  request(2, 0, [root, 0x800, EVENT_MASK]); // ChangeWindowAttributes: event mask
  request(55, 0, [gc, root, 0x4, KEY_COLOURS[0]]); // CreateGC with a foreground
  request(42, 1, [1, 0]); // SetInputFocus: PointerRoot (keys go to the root window), now
  request(15, 0, [root]); // QueryTree: windows already shown (the xterm may have been quicker)
  replies.push((tree) => {
    const n = tree.readUInt16LE(16);
    for (let i = 0; i < n; i++) request(10, 0, [tree.readUInt32LE(32 + 4 * i)]); // UnmapWindow
    fill(KEY_COLOURS[0]);
    process.stderr.write(`painter: ready on :${display}, ${width}x${height}, ${n} window(s) hidden\n`);
  });
  return length;
};

x.on('data', (chunk: Buffer) => {
  pending = pending.length ? Buffer.concat([pending, chunk]) : chunk;
  if (!ready) {
    const used = onSetup(pending);
    if (used === 0) return;
    ready = true;
    pending = pending.subarray(used);
  }
  while (pending.length >= 32) {
    const length = pending[0] === 1 ? 32 + 4 * pending.readUInt32LE(4) : 32;
    if (pending.length < length) return;
    const message = pending.subarray(0, length);
    pending = pending.subarray(length);
    if (message[0] === 1) replies.shift()?.(message);
    else onEvent(message);
  }
});
x.on('close', () => process.exit(0));
x.on('error', (err) => {
  process.stderr.write(`painter: ${err.message}\n`);
  process.exit(1);
});
/**
 * The display's MIT-MAGIC-COOKIE-1 from the Xauthority file, when there is one (a display started
 * with -auth refuses clients without it); entries: family, address, display number, name, data.
 */
const cookie = (): Buffer | undefined => {
  const file = process.env.XAUTHORITY ?? join(homedir(), '.Xauthority');
  if (!existsSync(file)) return undefined;
  const b = readFileSync(file);
  for (let at = 0; at + 2 <= b.length;) {
    const fields: Buffer[] = [];
    at += 2; // family
    for (let i = 0; i < 4; i++) {
      const n = b.readUInt16BE(at);
      fields.push(b.subarray(at + 2, at + 2 + n));
      at += 2 + n;
    }
    const [, number, name, data] = fields;
    const forThis = !number?.length || number.toString() === display;
    if (forThis && name?.toString() === 'MIT-MAGIC-COOKIE-1') return data;
  }
  return undefined;
};

/** The setup request: little endian, protocol 11.0, the cookie if any (name and data padded to 4). */
const setup = () => {
  const data = cookie();
  const name = Buffer.from(data ? 'MIT-MAGIC-COOKIE-1' : '');
  const pad = (n: number) => Buffer.alloc((4 - (n % 4)) % 4);
  const head = Buffer.alloc(12);
  head.writeUInt8(0x6c, 0);
  head.writeUInt16LE(11, 2);
  head.writeUInt16LE(name.length, 6);
  head.writeUInt16LE(data?.length ?? 0, 8);
  return Buffer.concat([head, name, pad(name.length), data ?? Buffer.alloc(0), pad(data?.length ?? 0)]);
};
x.write(setup());
