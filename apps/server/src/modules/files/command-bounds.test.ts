import { mkdirSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { listFiles, Role } from '@portal/shared';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../../test/harness.js';

/*
 * Many listings at once as one user (each a `find` process in local access) never run more than
 * the per-user bound at once; the rest wait or are answered "busy", and another user still gets in.
 */

const PER_USER = 3;
/** The programs a folder listing runs (docs/files.md, "Big folders"). */
const LISTERS = new Set(['ls', 'find']);

/**
 * Listing processes (`ls`, or `find` where ls cannot serve) below `folder` that are children of
 * this process (the server runs in it),
 * counted from /proc: Alice's only, not Bob's listing that runs beside them.
 */
const runningListers = (folder: string): number => {
  let n = 0;
  for (const task of readdirSync('/proc/self/task')) {
    let children: string[] = [];
    try {
      children = readFileSync(`/proc/self/task/${task}/children`, 'utf8').split(' ').filter(Boolean);
    } catch {
      continue; // the thread ended meanwhile
    }
    for (const pid of children) {
      try {
        const argv = readFileSync(`/proc/${pid}/cmdline`, 'utf8').split('\0');
        if (LISTERS.has(readFileSync(`/proc/${pid}/comm`, 'utf8').trim()) && argv.some((a) => a.startsWith(`${folder}/`))) n++;
      } catch {
        // ended meanwhile
      }
    }
  }
  return n;
};

describe('commands at once', () => {
  let t: TestApp;
  let alice: TestClient;
  let bob: TestClient;
  let home: string;

  beforeAll(async () => {
    t = await createTestApp({
      commands: { maxPerUser: PER_USER, maxTotal: PER_USER + 2, maxWaitingPerUser: 20, maxWaiting: 100, waitSeconds: 120 },
    });
    alice = await signedIn(t.app, 'alice', Role.user);
    bob = await signedIn(t.app, 'bob', Role.user);
    home = (await alice.call(listFiles)).data.home;
    await bob.call(listFiles);
    // Distinct folders, so the listing cache cannot answer any of them.
    for (let i = 0; i < 200; i++) mkdirSync(join(home, `d${i}`, 'inner'), { recursive: true });
  });
  afterAll(() => t.close());

  it('stay within the per-user bound; the rest complete or are told to retry; another user gets in', async () => {
    let peak = 0;
    const sampler = setInterval(() => (peak = Math.max(peak, runningListers(home))), 2);
    try {
      const storm = Array.from({ length: 200 }, (_, i) =>
        alice.callUnchecked(listFiles, { query: { path: join(home, `d${i}`) } }),
      );
      // Bob lists while Alice's listings run and wait.
      const bobs = await bob.callUnchecked(listFiles);
      expect(bobs.status).toBe(200);
      const answers = await Promise.all(storm);
      const ok = answers.filter((a) => a.status === 200);
      const busy = answers.filter((a) => a.status === 503);
      expect(ok.length + busy.length, JSON.stringify(answers.find((a) => a.status !== 200 && a.status !== 503)?.error)).toBe(200);
      for (const b of busy) {
        expect(b.error).toMatchObject({ reason: 'busy' });
        expect(b.errMsg).toBe('The server is busy, please retry');
      }
      expect(ok.length).toBeGreaterThanOrEqual(PER_USER);
      for (const a of ok) expect(a.data.list.map((e) => e.name)).toEqual(['inner']);
    } finally {
      clearInterval(sampler);
    }
    // Processes were seen, never more than the bound.
    expect(peak).toBeGreaterThan(0);
    expect(peak, `most listing processes at once: ${peak}`).toBeLessThanOrEqual(PER_USER);
  });
});
