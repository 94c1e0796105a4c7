import { execFileSync } from 'node:child_process';
import { readFileSync, readdirSync } from 'node:fs';

/* What the benchmark checks on this host: the programs a desktop needs, and what is left running. */

const PROGRAMS: Record<string, string> = {
  Xvnc: 'tigervnc-standalone-server',
  vncpasswd: 'tigervnc-tools',
  openbox: 'openbox',
  xterm: 'xterm',
};

const installed = (program: string) => {
  try {
    execFileSync('sh', ['-c', 'command -v "$1"', 'sh', program], { stdio: 'ignore' });
    return true;
  } catch {
    return false;
  }
};

/** What to install when a desktop's programs are missing, or undefined. */
export const missingPrograms = (): string | undefined => {
  const missing = Object.keys(PROGRAMS).filter((p) => !installed(p));
  if (missing.length === 0) return undefined;
  return `${missing.join(', ')} missing: apt-get install ${[...new Set(missing.map((p) => PROGRAMS[p]))].join(' ')}`;
};

const passwdEntry = (name: string) =>
  readFileSync('/etc/passwd', 'utf8')
    .split('\n')
    .find((l) => l.startsWith(`${name}:`));

export const hasAccount = (name: string): boolean => passwdEntry(name) !== undefined;

/** Running processes (zombies left to a parent that does not reap them are not) as "pid command line". */
const running = (): { pid: string; uid: string; line: string }[] =>
  readdirSync('/proc')
    .filter((p) => /^\d+$/.test(p))
    .flatMap((pid) => {
      try {
        const status = readFileSync(`/proc/${pid}/status`, 'utf8');
        if (/^State:\s+Z/m.test(status)) return [];
        const line = `${pid} ${readFileSync(`/proc/${pid}/cmdline`, 'utf8').replaceAll('\0', ' ').trim()}`;
        return [{ pid, uid: /^Uid:\s+(\d+)/m.exec(status)?.[1] ?? '', line }];
      } catch {
        return [];
      }
    });

/** Running processes (but this one) whose command line holds `text`. */
export const runningWith = (text: string): string[] =>
  running()
    .filter((p) => p.line.includes(text) && Number(p.pid) !== process.pid)
    .map((p) => p.line);

/** Running processes of an account. */
export const processesOf = (name: string): string[] => {
  const uid = passwdEntry(name)?.split(':')[2];
  return uid === undefined
    ? []
    : running()
        .filter((p) => p.uid === uid)
        .map((p) => p.line);
};
