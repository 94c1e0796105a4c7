import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import {
  allContracts,
  listAuditLog,
  loginAuth,
  modifyUserInfo,
  queryUser,
  registerUser,
  updateSystemSettings,
  type Contract,
} from '@portal/shared';
import { ADMIN, createTestApp, TestClient, type CallOptions, type TestApp } from '../test/harness.js';

/*
 * Whatever a client sends, the server answers with an envelope and a 4xx, never a 5xx: missing
 * fields are 10003, malformed ones 10004 (spec section 8, DESIGN section 8).
 */

const LONG = 'x'.repeat(100_000);
const DEEP: unknown = JSON.parse(`${'['.repeat(2000)}${']'.repeat(2000)}`);

/** Values of the wrong type, shape or size, tried in every field. */
const badValues: unknown[] = [
  12345,
  -1,
  1.5,
  1e308,
  true,
  false,
  null,
  [],
  ['a', 'b'],
  {},
  { nested: { deeper: { deepest: [1, { a: 2 }] } } },
  DEEP,
  '',
  ' ',
  LONG,
  '123',
  '-1',
  '1e999',
  'NaN',
  'true',
  '../../etc/passwd',
  "' OR 1=1 --",
  '<script>alert(1)</script>',
  '\u0000\uffff',
  'a\u0000b',
  '\ud800',
  '😀'.repeat(100),
  { $gt: '' },
  '__proto__',
];

/** Query string values (everything in a URL is text). */
const badQueryValues = [
  '',
  '-1',
  '1e999',
  'NaN',
  '%00',
  '[object Object]',
  'x'.repeat(8000),
  '2026-13-45T99:99:99Z',
  "' OR 1=1 --",
];

const fieldsOf = (schema: z.ZodType | undefined): string[] => (schema instanceof z.ZodObject ? Object.keys(schema.shape) : []);

/** Whatever JSON came back, with the envelope's fields when it has them. */
const LooseEnvelope = z.object({ errCode: z.unknown(), errMsg: z.unknown(), data: z.unknown() }).partial().loose();

const urlOf = (c: Contract, query = '') =>
  c.path.replace(/:(\w+)/g, (_, k: string) => ({ kind: 'software', name: 'VncViewer.zip' })[k] ?? 'x') + query;

interface Attempt {
  label: string;
  url: string;
  opts: CallOptions;
}

/** Every malformed request tried against one contract. */
const attemptsFor = (c: Contract): Attempt[] => {
  const attempts: Attempt[] = [];
  const url = urlOf(c);
  if (c.body) {
    const json = (label: string, body: unknown) =>
      attempts.push({ label, url, opts: { rawBody: JSON.stringify(body), headers: { 'content-type': 'application/json' } } });
    const raw = (label: string, rawBody: string, contentType: string) =>
      attempts.push({ label, url, opts: { rawBody, headers: { 'content-type': contentType } } });
    const fields = fieldsOf(c.body);
    for (const field of fields) badValues.forEach((v, i) => json(`${field}=bad#${i}`, { [field]: v }));
    badValues.forEach((v, i) => json(`all fields=bad#${i}`, Object.fromEntries(fields.map((f) => [f, v]))));
    for (const body of [
      [],
      'text',
      42,
      true,
      null,
      {},
      DEEP,
      { __proto__: { isAdmin: true } },
      { constructor: { prototype: { x: 1 } } },
    ])
      json(`body=${JSON.stringify(body).slice(0, 20)}`, body);
    raw('invalid JSON', '{"a":', 'application/json');
    raw('single quotes', "{'a': 1}", 'application/json');
    raw('NaN literal', 'NaN', 'application/json');
    raw('empty JSON body', '', 'application/json');
    raw('whitespace JSON body', '   \n', 'application/json');
    raw('plain text', 'hello', 'text/plain');
    raw('xml', '<a>1</a>', 'application/xml');
    raw('octet stream', '\u0000\u0001', 'application/octet-stream');
    raw('multipart', '--b\r\nContent-Disposition: form-data; name="a"\r\n\r\n1\r\n--b--', 'multipart/form-data; boundary=b');
    raw('bogus content type', 'a=1', 'nonsense');
    raw('form: repeated keys', fields.map((f) => `${f}=a&${f}=b`).join('&'), 'application/x-www-form-urlencoded');
    raw('form: bracket keys', fields.map((f) => `${f}[x]=1&${f}[]=2`).join('&'), 'application/x-www-form-urlencoded');
    raw('form: NUL', fields.map((f) => `${f}=a%00b`).join('&'), 'application/x-www-form-urlencoded');
    raw('form: bad escapes', fields.map((f) => `${f}=%zz%`).join('&'), 'application/x-www-form-urlencoded');
    raw('form: prototype', '__proto__[admin]=1&constructor[prototype][x]=1', 'application/x-www-form-urlencoded');
    raw('form: empty', '', 'application/x-www-form-urlencoded');
    raw('form: long value', fields.map((f) => `${f}=${LONG}`).join('&'), 'application/x-www-form-urlencoded');
  }
  if (c.query) {
    const fields = fieldsOf(c.query);
    for (const field of fields) {
      for (const v of badQueryValues)
        attempts.push({ label: `?${field}=${v.slice(0, 20)}`, url: urlOf(c, `?${field}=${encodeURIComponent(v)}`), opts: {} });
      attempts.push({ label: `?${field} repeated`, url: urlOf(c, `?${field}=a&${field}=b`), opts: {} });
      attempts.push({ label: `?${field}[x]`, url: urlOf(c, `?${field}[x]=1`), opts: {} });
      attempts.push({ label: `?${field} bad escape`, url: urlOf(c, `?${field}=%zz`), opts: {} });
    }
    attempts.push({ label: 'unknown query keys', url: urlOf(c, '?nope=1&__proto__=x'), opts: {} });
  }
  return attempts;
};

const envelope = (res: LightMyRequestResponse) => {
  try {
    return LooseEnvelope.parse(JSON.parse(res.body));
  } catch {
    return null;
  }
};

/** What is wrong with an answer, or null when it is an acceptable one. */
const problemWith = (res: LightMyRequestResponse): string | null => {
  if (res.statusCode >= 500) return `status ${res.statusCode}: ${res.body.slice(0, 200)}`;
  if (res.statusCode < 400) return null;
  const env = envelope(res);
  if (!env || typeof env.errCode !== 'number' || typeof env.errMsg !== 'string') return `no envelope: ${res.body.slice(0, 100)}`;
  if (res.statusCode === 400 && env.errCode !== 10003 && env.errCode !== 10004) return `400 with errCode ${env.errCode}`;
  return null;
};

const withBodyOrQuery = allContracts.filter((c) => c.body || c.query);

describe('malformed input never breaks the server', () => {
  let t: TestApp;
  beforeAll(async () => {
    // Mail is configured (to a port nothing listens on), so forgotPwd validates instead of answering 503.
    t = await createTestApp({ mail: { smtp: { host: '127.0.0.1', port: 9, from: 'portal@example.org' } } });
  });
  afterAll(() => t.close());

  it('has contracts with a body or query to try', () => {
    expect(withBodyOrQuery.length).toBeGreaterThanOrEqual(20);
  });

  withBodyOrQuery.forEach((contract, i) => {
    it(`${contract.method} ${contract.path}: 4xx envelopes only, signed in as admin and anonymous`, async () => {
      // Addresses of their own, so failed sign-ins tried here do not put a captcha in front of later tests.
      const admin = new TestClient(t.app, `10.1.${i}.1`);
      expect((await admin.login(ADMIN.user, ADMIN.password)).errCode).toBe(0);
      const anonymous = new TestClient(t.app, `10.2.${i}.1`);
      const problems: string[] = [];
      for (const client of [admin, anonymous]) {
        for (const a of attemptsFor(contract)) {
          const res = await client.raw(contract.method, a.url, a.opts);
          const problem = problemWith(res);
          if (problem) problems.push(`${client === admin ? 'admin' : 'anonymous'} ${a.label}: ${problem}`);
        }
      }
      expect(problems).toEqual([]);
    });
  });
});

describe('error codes for bad input', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app);
    await admin.login(ADMIN.user, ADMIN.password);
  });
  afterAll(() => t.close());

  it('answers 10003 when required fields are missing', async () => {
    const reg = await new TestClient(t.app).callUnchecked(registerUser, { body: {} });
    expect(reg.status).toBe(400);
    expect(reg.errCode).toBe(10003);
    expect(reg.error?.reason).toBe('validation');
    expect((reg.error?.issues ?? []).map((i) => i.path)).toEqual(expect.arrayContaining(['userName', 'email']));

    const login = await new TestClient(t.app).callUnchecked(loginAuth, { body: { strUserName: 'admin' } });
    expect(login.status).toBe(400);
    expect(login.errCode).toBe(10003);

    const noBody = await admin.raw('POST', modifyUserInfo.path, { rawBody: '', headers: { 'content-type': 'application/json' } });
    expect(noBody.statusCode).toBe(400);
    expect(noBody.json().errCode).toBe(10003);
  });

  it('answers 10004 when a field is malformed', async () => {
    const wrongType = await new TestClient(t.app).callUnchecked(loginAuth, {
      body: { strUserName: ['admin'], strPassword: 'x' },
    });
    expect(wrongType.status).toBe(400);
    expect(wrongType.errCode).toBe(10004);

    const badEmail = await admin.call(modifyUserInfo, { body: { email: 'not-an-email' } });
    expect(badEmail.errCode).toBe(10004);
    expect(badEmail.error?.issues?.[0]?.path).toBe('email');

    const badPaging = await admin.callUnchecked(listAuditLog, { query: { pageLimit: 'many' } });
    expect(badPaging.status).toBe(400);
    expect(badPaging.errCode).toBe(10004);

    const badRange = await admin.call(listAuditLog, {
      query: { startTime: '2026-02-01T00:00:00Z', endTime: '2026-01-01T00:00:00Z' },
    });
    expect(badRange.errCode).toBe(10004);

    const outOfRange = await admin.call(updateSystemSettings, { body: { refreshInterval: 5 } });
    expect(outOfRange.errCode).toBe(10004);
  });

  it('answers 10004 for text holding a NUL character, which no database column can store', async () => {
    const res = await admin.call(queryUser, { body: { userName: 'ad\u0000min' } });
    expect(res.status).toBe(400);
    expect(res.errCode).toBe(10004);
    expect(res.error?.issues).toEqual([{ path: 'userName', message: expect.stringContaining('NUL') }]);
    const query = await admin.raw('GET', `${listAuditLog.path}?userName=a%00b`);
    expect(query.statusCode).toBe(400);
    expect(query.json().errCode).toBe(10004);
  });

  it('answers 10004 for text that is not JSON and 415 for a content type it does not read', async () => {
    const notJson = await admin.raw('POST', modifyUserInfo.path, {
      rawBody: '{"email":',
      headers: { 'content-type': 'application/json' },
    });
    expect(notJson.statusCode).toBe(400);
    expect(notJson.json()).toMatchObject({ errCode: 10004 });

    const xml = await admin.raw('POST', modifyUserInfo.path, {
      rawBody: '<email/>',
      headers: { 'content-type': 'application/xml' },
    });
    expect(xml.statusCode).toBe(415);
    expect(xml.json()).toMatchObject({ errCode: 10004 });
  });

  it('answers 413 with errCode 10011 for a body over 1 MB', async () => {
    const res = await admin.raw('POST', modifyUserInfo.path, {
      rawBody: JSON.stringify({ email: 'a@b.cn', descInfo: 'x'.repeat(2 * 1024 * 1024) }),
      headers: { 'content-type': 'application/json' },
    });
    expect(res.statusCode).toBe(413);
    expect(res.json().errCode).toBe(10011);
  });

  it('answers a 404 envelope for an unknown API path, signed in or not', async () => {
    for (const client of [admin, new TestClient(t.app)]) {
      for (const [method, url] of [
        ['GET', '/pageframe/main/nope.action'],
        ['POST', '/pageframe/main/nope.action'],
        ['GET', '/sys_x/api/y'],
        ['DELETE', '/sys_gvuserma/gvuserma/queryUser.action'],
        ['GET', '/api/nope'],
        ['POST', '/login/unknown.action'],
        ['GET', '/efile/api/nope'],
        ['GET', '/eshell/api/nope'],
      ] as const) {
        const res = await client.raw(method, url);
        expect(res.statusCode, `${method} ${url}`).toBe(404);
        expect(res.json()).toMatchObject({ errCode: 10004, data: { reason: 'notFound' } });
      }
    }
  });
});
