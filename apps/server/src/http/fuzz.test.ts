import { mkdirSync, symlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts, type Contract } from '@portal/shared';
import { fuzzRequest, knownTexts, Rand, type FuzzRequest } from '../test/fuzz-inputs.js';
import { ADMIN, AnyEnvelope, createTestApp, TestClient, type TestApp } from '../test/harness.js';
import { SESSION_COOKIE } from './cookies.js';

/*
 * The HTTP fuzzer (docs/api.md, "Robustness"): at least 10,000 malformed requests over every
 * contract, half signed in as an administrator (so the handlers really run) and half anonymous.
 * No answer may be a 5xx, and every answer is the envelope, except the successful answers of
 * routes that send a file. Replay a run with PORTAL_FUZZ_SEED; PORTAL_FUZZ_COUNT sends more.
 */

const SEED = Number(process.env.PORTAL_FUZZ_SEED ?? 20261124);
const COUNT = Math.max(10_000, Number(process.env.PORTAL_FUZZ_COUNT ?? 10_000));
const CLIENTS = ['admin', 'anonymous'] as const;
const perContractAndClient = Math.ceil(COUNT / (allContracts.length * CLIENTS.length));

/**
 * Answers that are not envelopes on purpose: a file or image sent on success (contracts declared
 * `response: 'file'`, and the job output download, an envelope route that answers with a file
 * when asked), and HEAD answers, which carry no body at all.
 */
const mayAnswerWithoutEnvelope = (c: Contract, req: FuzzRequest, res: LightMyRequestResponse): boolean => {
  if (req.method === 'HEAD') return true;
  if (res.statusCode >= 400) return false;
  if (c.response === 'file') return true;
  return String(res.headers['content-disposition'] ?? '').startsWith('attachment');
};

/** What is wrong with an answer, or null. */
const problemWith = (c: Contract, req: FuzzRequest, res: LightMyRequestResponse): string | null => {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 300)}`;
  if (mayAnswerWithoutEnvelope(c, req, res)) return null;
  try {
    AnyEnvelope.parse(JSON.parse(res.body));
    return null;
  } catch {
    return `status ${res.statusCode} without the envelope: ${res.body.slice(0, 200)}`;
  }
};

/** A request as a line a reader can replay by hand (long parts cut). */
const describeRequest = (req: FuzzRequest): string => {
  const cut = (s: string) => (s.length > 160 ? `${s.slice(0, 160)}…(${s.length} chars)` : s);
  const type = req.opts.headers?.['content-type'];
  return `${req.method} ${cut(req.url)}${type !== undefined ? ` [${type}]` : ''}${req.opts.rawBody !== undefined ? ` body ${cut(JSON.stringify(req.opts.rawBody))}` : ''}`;
};

describe('HTTP fuzzer: malformed requests over every endpoint', () => {
  let t: TestApp;
  let sent = 0;
  /** Answers by status, printed at the end: how many requests got past validation into the handlers. */
  const statuses = new Map<number, number>();
  const started = Date.now();

  beforeAll(async () => {
    t = await createTestApp({ mail: { smtp: { host: '127.0.0.1', port: 9, from: 'portal@example.org' } } });
    // Real things to aim at: a folder, text and binary files, a symlink loop and a link out of the home.
    const home = await t.app.services.clusters.get().homeOf(ADMIN.user);
    mkdirSync(join(home, 'dir', 'sub'), { recursive: true });
    writeFileSync(join(home, 'dir', 'notes.txt'), 'hello\n');
    writeFileSync(join(home, 'blob.bin'), Buffer.from([0, 1, 2, 255, 0]));
    symlinkSync('loop-b', join(home, 'loop-a'));
    symlinkSync('loop-a', join(home, 'loop-b'));
    symlinkSync('/etc', join(home, 'etc-link'));
    knownTexts.push(
      ...[home, 'dir', 'dir/sub', 'dir/notes.txt', 'blob.bin', 'loop-a', 'loop-a/x', 'etc-link/passwd', 'missing'].map((p) =>
        p.startsWith('/') ? p : `${home}/${p}`,
      ),
      'notes.txt',
      'sub',
      'loop-a',
    );
  });
  afterAll(async () => {
    const byStatus = [...statuses].sort(([a], [b]) => a - b).map(([s, n]) => `${s}: ${n}`);
    // Printed on every run (stderr, as the lint rules allow): the count and the seed that replays it.
    console.warn(
      `HTTP fuzzer: ${sent} requests, seed ${SEED}, ${((Date.now() - started) / 1000).toFixed(1)} s; ${byStatus.join(', ')}`,
    );
    await t.close();
  });

  it('covers every contract', () => {
    expect(allContracts.length).toBeGreaterThanOrEqual(70);
    expect(perContractAndClient * allContracts.length * CLIENTS.length).toBeGreaterThanOrEqual(10_000);
  });

  allContracts.forEach((contract, i) => {
    it(`${contract.method} ${contract.path}: no 5xx, envelopes only`, { timeout: 120_000 }, async () => {
      // One generator per contract: a failure replays alone, whatever runs before it.
      const r = new Rand(SEED + i * 7919);
      const admin = new TestClient(t.app, `10.40.${i}.1`);
      const anonymous = new TestClient(t.app, `10.41.${i}.1`);
      const signIn = async () => expect((await admin.login(ADMIN.user, ADMIN.password)).errCode).toBe(0);
      await signIn();
      const problems: string[] = [];
      for (const who of CLIENTS) {
        const client = who === 'admin' ? admin : anonymous;
        for (let n = 0; n < perContractAndClient; n++) {
          // A fuzzed sign-out (or a session ended another way) signs in again: the handlers must keep running.
          if (who === 'admin' && !admin.cookies.has(SESSION_COOKIE)) await signIn();
          const req = fuzzRequest(r, contract);
          const res = await client.raw(req.method, req.url, req.opts);
          sent++;
          statuses.set(res.statusCode, (statuses.get(res.statusCode) ?? 0) + 1);
          const problem = problemWith(contract, req, res);
          if (problem) problems.push(`${who}: ${describeRequest(req)} -> ${problem}`);
          if (who === 'admin' && res.statusCode === 401) admin.cookies.clear();
        }
      }
      // The first few in full: one is enough to replay, and the bodies can be large.
      expect(problems.length, problems.slice(0, 5).join('\n')).toBe(0);
    });
  });

  it('sent at least 10,000 requests', () => {
    expect(sent).toBeGreaterThanOrEqual(10_000);
  });
});
