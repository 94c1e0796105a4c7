import { describe, expect, it } from 'vitest';
import { csvField, inertText } from './report-writers.js';

describe('csv fields', () => {
  it('quotes a field holding a quote, comma or line break, doubling quotes', () => {
    expect(csvField('plain')).toBe('plain');
    expect(csvField('a,b')).toBe('"a,b"');
    expect(csvField('say "hi"')).toBe('"say ""hi"""');
    expect(csvField('two\nlines')).toBe('"two\nlines"');
    expect(csvField(42)).toBe('42');
  });

  it('keeps a text that a spreadsheet would run as a formula inert', () => {
    for (const s of ['=1+1', '+cmd', '-2', '@SUM(A1)', '\tx', '\rx']) expect(inertText(s)).toBe(`'${s}`);
    for (const s of ['physics', '物理系', '2026-01-01 00:00', '']) expect(inertText(s)).toBe(s);
  });
});
