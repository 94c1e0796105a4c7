/*
 * SSH exec takes one command string that the user's login shell parses. This is the only place
 * the access layer builds such a string: every word is single-quoted (inside single quotes a POSIX
 * shell gives no character a meaning), and a single quote itself becomes '\'' .
 */
export const quoteWord = (word: string): string => {
  if (word.includes('\0')) throw new Error('a NUL byte cannot be passed to a command');
  return `'${word.replaceAll("'", `'\\''`)}'`;
};

/** argv → a command string the remote shell splits back into exactly these words. */
export const shellQuote = (argv: readonly string[]): string => {
  if (argv.length === 0) throw new Error('empty command');
  return argv.map(quoteWord).join(' ');
};
