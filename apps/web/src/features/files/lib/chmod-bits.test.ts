import { describe, expect, it } from 'vitest';
import { OCTAL_MODE, bitsOf, modeOf, specialDigit } from './chmod-bits';

describe('chmod bits', () => {
  it('reads octal text into rwx boxes and back', () => {
    const b = bitsOf('754');
    expect(b.owner).toEqual({ r: true, w: true, x: true });
    expect(b.group).toEqual({ r: true, w: false, x: true });
    expect(b.other).toEqual({ r: true, w: false, x: false });
    expect(modeOf(b)).toBe('754');
    expect(modeOf(bitsOf('0640'))).toBe('640');
  });

  it('keeps a special digit', () => {
    expect(specialDigit('1777')).toBe('1');
    expect(specialDigit('0755')).toBe('');
    expect(modeOf(bitsOf('1777'), specialDigit('1777'))).toBe('1777');
  });

  it('accepts only 3 or 4 octal digits', () => {
    expect(OCTAL_MODE.test('755')).toBe(true);
    expect(OCTAL_MODE.test('0755')).toBe(true);
    expect(OCTAL_MODE.test('789')).toBe(false);
    expect(OCTAL_MODE.test('75')).toBe(false);
    expect(OCTAL_MODE.test('rwx')).toBe(false);
  });
});
