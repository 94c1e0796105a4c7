import { execFileSync } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { shellQuote } from './shell-quote.js';

/** What a real POSIX shell makes of the string: one argument per line, NUL-separated. */
const splitBy = (shell: string, command: string): string[] =>
  execFileSync(shell, ['-c', `set -- ${command}; for a in "$@"; do printf '%s\\0' "$a"; done`], { encoding: 'utf8' })
    .split('\0')
    .slice(0, -1);

const nasty = [
  'plain',
  'with space',
  "it's",
  "''",
  '"double"',
  '$(touch /tmp/pwned-by-portal-test)',
  '`id`',
  '$HOME ${PATH}',
  'line\nbreak',
  'tab\there',
  ';rm -rf /;',
  '&& || | > < * ? [a] ~ #',
  '\\backslash\\',
  '-n',
  '',
  'ünïcödé 文件',
];

describe('shellQuote', () => {
  it.each(
    ['sh', 'bash', 'dash'].filter((s) => {
      try {
        execFileSync('which', [s]);
        return true;
      } catch {
        return false;
      }
    }),
  )('gives %s back exactly the words it was given', (shell) => {
    expect(splitBy(shell, shellQuote(nasty))).toEqual(nasty);
  });

  it('runs nothing that a word contains', () => {
    execFileSync('sh', ['-c', `echo ${shellQuote(['$(touch /tmp/pwned-by-portal-test)'])}`]);
    expect(() => execFileSync('test', ['-e', '/tmp/pwned-by-portal-test'])).toThrow();
  });

  it('quotes single quotes the POSIX way', () => {
    expect(shellQuote(["a'b", 'c d'])).toBe(`'a'\\''b' 'c d'`);
  });

  it('refuses NUL bytes and an empty command', () => {
    expect(() => shellQuote(['a\0b'])).toThrow(/NUL/);
    expect(() => shellQuote([])).toThrow(/empty/);
  });
});
