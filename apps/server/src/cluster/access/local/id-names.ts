import { readFile } from 'node:fs/promises';
import { type IdNames, parseIdFile } from '../listing.js';

/*
 * uid/gid → name from /etc/passwd and /etc/group, read at most once a minute: a listing of 100,000
 * entries must not look each owner up.
 */
let cached: { at: number; names: Promise<IdNames> } | undefined;

const load = async (): Promise<IdNames> => {
  const [p, g] = await Promise.all([
    readFile('/etc/passwd', 'utf8').catch(() => ''),
    readFile('/etc/group', 'utf8').catch(() => ''),
  ]);
  return { users: parseIdFile(p), groups: parseIdFile(g) };
};

export const idNames = (): Promise<IdNames> => {
  if (!cached || Date.now() - cached.at > 60_000) cached = { at: Date.now(), names: load() };
  return cached.names;
};

/** Forgets the cached names: an account was just made. */
export const forgetIdNames = (): void => {
  cached = undefined;
};
