import { describe, expect, it } from 'vitest';
import { OutputRing } from './output-ring.js';

/* The output a page missed while its WebSocket was down: bounded, and addressed by offset. */

const text = (b: Buffer) => b.toString('latin1');

describe('OutputRing', () => {
  it('gives back everything from an offset while it fits', () => {
    const ring = new OutputRing(16);
    ring.push(Buffer.from('hello '));
    ring.push(Buffer.from('world'));
    expect(ring.end).toBe(11);
    expect(text(ring.since(0))).toBe('hello world');
    expect(text(ring.since(6))).toBe('world');
    expect(ring.since(11).length).toBe(0);
    expect(ring.since(99).length).toBe(0);
  });

  it('keeps only the most recent bytes once it wraps, in order', () => {
    const ring = new OutputRing(8);
    for (const part of ['abc', 'defg', 'hij', 'klmno']) ring.push(Buffer.from(part));
    // 15 bytes written: the last 8 are 'hijklmno'.
    expect(ring.start).toBe(7);
    expect(text(ring.since(0))).toBe('hijklmno');
    expect(text(ring.since(9))).toBe('jklmno');
    expect(text(ring.since(14))).toBe('o');
  });

  it('takes a chunk larger than itself by keeping its tail', () => {
    const ring = new OutputRing(4);
    ring.push(Buffer.from('xy'));
    ring.push(Buffer.from('0123456789'));
    expect(ring.end).toBe(12);
    expect(text(ring.since(0))).toBe('6789');
    ring.push(Buffer.from('ab'));
    expect(text(ring.since(0))).toBe('89ab');
  });

  it('matches a plain concatenation for any sequence of writes', () => {
    const ring = new OutputRing(37);
    let all = '';
    let seed = 7;
    for (let i = 0; i < 500; i++) {
      seed = (seed * 1103515245 + 12345) % 2 ** 31;
      const part = String.fromCharCode(97 + (i % 26)).repeat(seed % 50);
      ring.push(Buffer.from(part, 'latin1'));
      all += part;
      const offset = seed % (all.length + 1);
      expect(text(ring.since(offset))).toBe(all.slice(Math.max(offset, all.length - 37)));
    }
  });

  it('returns copies, so later writes do not change what was handed out', () => {
    const ring = new OutputRing(8);
    ring.push(Buffer.from('abcd'));
    const before = ring.since(0);
    ring.push(Buffer.from('efghijkl'));
    expect(text(before)).toBe('abcd');
  });
});
