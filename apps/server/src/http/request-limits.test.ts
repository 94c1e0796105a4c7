import { request } from 'node:http';
import type { AddressInfo } from 'node:net';
import type { LightMyRequestResponse } from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { getJob, logout, modifyUserInfo, queryLoginUser } from '@portal/shared';
import { ADMIN, createTestApp, TestClient, type TestApp } from '../test/harness.js';
import { jsonTooDeep, MAX_JSON_DEPTH } from './request-limits.js';

/*
 * Refusals made below the handlers (body parser, router, Node's HTTP parser) leave in the envelope
 * with a reason the console translates, never as a 500 or a framework's own body.
 */

const DEPTH = 50_000;
const deepArrays = `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`;
const deepObjects = `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`;

const envelopeOf = (res: LightMyRequestResponse) => res.json<{ errCode: number; errMsg: string; data: { reason?: string } }>();

describe('jsonTooDeep', () => {
  it('counts brackets outside strings only', () => {
    expect(jsonTooDeep('[[[]]]', 3)).toBe(false);
    expect(jsonTooDeep('[[[[]]]]', 3)).toBe(true);
    expect(jsonTooDeep('{"a":{"b":{"c":1}}}', 3)).toBe(false);
    expect(jsonTooDeep(`{"a":"${'['.repeat(100)}"}`, 3)).toBe(false);
    // An escaped quote does not end the string: the brackets after it are still text.
    expect(jsonTooDeep(`["\\"${'{'.repeat(10)}"]`, 3)).toBe(false);
    expect(jsonTooDeep('[]'.repeat(1000), 1)).toBe(false);
    expect(jsonTooDeep(deepArrays, MAX_JSON_DEPTH)).toBe(true);
  });
});

describe('request limits answer in the envelope', () => {
  let t: TestApp;
  let admin: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    admin = new TestClient(t.app, '10.30.0.1');
    expect((await admin.login(ADMIN.user, ADMIN.password)).errCode).toBe(0);
  });
  afterAll(() => t.close());

  it('refuses a deeply nested JSON body with 400 bodyTooDeep, on endpoints with and without a body', async () => {
    for (const client of [admin, new TestClient(t.app, '10.30.0.2')]) {
      for (const contract of [logout, queryLoginUser, modifyUserInfo]) {
        for (const rawBody of [deepArrays, deepObjects]) {
          const res = await client.raw('POST', contract.path, { rawBody, headers: { 'content-type': 'application/json' } });
          expect(res.statusCode, contract.path).toBe(400);
          expect(envelopeOf(res)).toMatchObject({ errCode: 10004, data: { reason: 'bodyTooDeep' } });
        }
      }
    }
  });

  it('still reads JSON nested up to the limit', async () => {
    const nested = `${'['.repeat(MAX_JSON_DEPTH)}${']'.repeat(MAX_JSON_DEPTH)}`;
    const res = await admin.raw('POST', modifyUserInfo.path, {
      rawBody: `{"email":${nested}}`,
      headers: { 'content-type': 'application/json' },
    });
    // One level more than the array itself: the object around it.
    expect(envelopeOf(res).data.reason).toBe('bodyTooDeep');
    const fits = await admin.raw('POST', modifyUserInfo.path, {
      rawBody: `{"email":${'['.repeat(MAX_JSON_DEPTH - 1)}${']'.repeat(MAX_JSON_DEPTH - 1)}}`,
      headers: { 'content-type': 'application/json' },
    });
    expect(fits.statusCode).toBe(400);
    expect(envelopeOf(fits)).toMatchObject({ errCode: 10004, data: { reason: 'validation' } });
  });

  it('names invalid JSON, an unknown content type and an oversized body', async () => {
    const bad = await admin.raw('POST', logout.path, { rawBody: '{"a":', headers: { 'content-type': 'application/json' } });
    expect(bad.statusCode).toBe(400);
    expect(envelopeOf(bad)).toMatchObject({ errCode: 10004, data: { reason: 'invalidJson' } });
    const xml = await admin.raw('POST', logout.path, { rawBody: '<a/>', headers: { 'content-type': 'application/xml' } });
    expect(xml.statusCode).toBe(415);
    expect(envelopeOf(xml)).toMatchObject({ errCode: 10004, data: { reason: 'unsupportedContentType' } });
    const huge = await admin.raw('POST', logout.path, {
      rawBody: `[${'1,'.repeat(600_000)}1]`,
      headers: { 'content-type': 'application/json' },
    });
    expect(huge.statusCode).toBe(413);
    expect(envelopeOf(huge)).toMatchObject({ errCode: 10011, data: { reason: 'bodyTooLarge' } });
  });

  it('answers 414 in the envelope for a path parameter over 100 characters, without echoing the address', async () => {
    const jobId = `secret${'9'.repeat(200)}`;
    for (const client of [admin, new TestClient(t.app, '10.30.0.3')]) {
      const res = await client.raw('GET', getJob.path.replace(':jobId', jobId));
      expect(res.statusCode).toBe(414);
      expect(envelopeOf(res)).toMatchObject({ errCode: 10004, data: { reason: 'urlTooLong' } });
      expect(res.body).not.toContain('secret');
    }
  });

  it('answers 400 in the envelope for a path with a bad escape', async () => {
    const res = await admin.raw('GET', '/jm_jobmanagement/api/jobs/%zzsecret');
    expect(res.statusCode).toBe(400);
    expect(envelopeOf(res)).toMatchObject({ errCode: 10004, data: { reason: 'badUrl' } });
    expect(res.body).not.toContain('secret');
  });

  it('answers 431 in the envelope for a query string over the header limit (over real HTTP)', async () => {
    const port = await new Promise<number>((resolve, reject) => {
      t.app.server.once('error', reject);
      t.app.server.listen(0, '127.0.0.1', () => {
        const address: AddressInfo | string | null = t.app.server.address();
        if (address && typeof address === 'object') resolve(address.port);
        else reject(new Error('no port'));
      });
    });
    try {
      const path = `${queryLoginUser.path}?q=secret${'x'.repeat(64 * 1024)}`;
      const res = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = request({ host: '127.0.0.1', port, path, method: 'GET' }, (r) => {
          let body = '';
          r.setEncoding('utf8');
          r.on('data', (d: string) => (body += d));
          r.on('end', () => resolve({ status: r.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end();
      });
      expect(res.status).toBe(431);
      expect(JSON.parse(res.body)).toMatchObject({ errCode: 10004, data: { reason: 'headersTooLarge' } });
      expect(res.body).not.toContain('secret');
    } finally {
      await new Promise<void>((resolve) => t.app.server.close(() => resolve()));
    }
  });
});
