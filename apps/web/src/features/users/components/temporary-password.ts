const LETTERS = 'abcdefghjkmnpqrstuvwxyzABCDEFGHJKLMNPQRSTUVWXYZ';
const DIGITS = '23456789';
/** Symbols of the password rules that are easy to read out and type. */
const SYMBOLS = '_@%+=';

const pick = (set: string, n: number): string[] => {
  const bytes = crypto.getRandomValues(new Uint32Array(n));
  return [...bytes].map((b) => set[b % set.length] ?? '');
};

/**
 * A random temporary password that meets every strength level (12 characters with letters,
 * digits and a symbol), without look-alike characters (0/O, 1/l/I) since it is passed on by hand.
 */
export const generateTemporaryPassword = (): string => {
  const chars = [...pick(LETTERS, 8), ...pick(DIGITS, 3), ...pick(SYMBOLS, 1)];
  const order = crypto.getRandomValues(new Uint32Array(chars.length));
  return chars
    .map((c, i) => ({ c, k: order[i] ?? 0 }))
    .sort((a, b) => a.k - b.k)
    .map((x) => x.c)
    .join('');
};
