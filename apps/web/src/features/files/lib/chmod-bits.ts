/* Permission bits between the octal text the API takes and the rwx boxes of the chmod dialog. */

export const OCTAL_MODE = /^[0-7]{3,4}$/;

export const WHO = ['owner', 'group', 'other'] as const;
export const BITS = ['r', 'w', 'x'] as const;
export type Who = (typeof WHO)[number];
export type Bit = (typeof BITS)[number];
export type ModeBits = Record<Who, Record<Bit, boolean>>;

const VALUE: Record<Bit, number> = { r: 4, w: 2, x: 1 };

/** The rwx boxes for an octal mode ('755' or '0755'); the special digit is kept apart. */
export const bitsOf = (mode: string): ModeBits => {
  const digits = mode.slice(-3).padStart(3, '0');
  const out = {} as ModeBits;
  WHO.forEach((who, i) => {
    const d = Number(digits[i] ?? 0);
    out[who] = { r: (d & 4) !== 0, w: (d & 2) !== 0, x: (d & 1) !== 0 };
  });
  return out;
};

/** The octal text for rwx boxes, keeping a special (setuid/setgid/sticky) digit when given. */
export const modeOf = (bits: ModeBits, special = ''): string =>
  special + WHO.map((who) => BITS.reduce((n, b) => n + (bits[who][b] ? VALUE[b] : 0), 0)).join('');

/** The special digit of a 4-digit mode ('' when it is 0 or absent). */
export const specialDigit = (mode: string): string => (mode.length === 4 && mode[0] !== '0' ? (mode[0] ?? '') : '');
