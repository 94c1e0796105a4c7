import { createHash } from 'node:crypto';
import { mkdirSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { brotliCompressSync, gzipSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createTestApp, type TestApp } from '../test/harness.js';

/*
 * How the built console is sent: the build's .br/.gz copies as the browser accepts them, hashed
 * assets cached for good, index.html revalidated, and index.html's inline script allowed by CSP.
 */

const FRAME_SCRIPT = "document.documentElement.setAttribute('data-frame', 'auth');";
const INDEX = `<!doctype html><html><head><script>${FRAME_SCRIPT}</script></head><body><div id="root"></div></body></html>`;
const ASSET = '/assets/app-AbCd1234.js';
const CODE = `console.log(${JSON.stringify('x'.repeat(2000))});`;

describe('the built console', () => {
  let t: TestApp;
  let webRoot: string;
  beforeAll(async () => {
    webRoot = mkdtempSync(join(tmpdir(), 'portal-web-'));
    mkdirSync(join(webRoot, 'assets'));
    const files: [string, string][] = [
      ['index.html', INDEX],
      [ASSET.slice(1), CODE],
    ];
    for (const [name, text] of files) {
      writeFileSync(join(webRoot, name), text);
      writeFileSync(join(webRoot, `${name}.br`), brotliCompressSync(text));
      writeFileSync(join(webRoot, `${name}.gz`), gzipSync(text));
    }
    t = await createTestApp({}, undefined, webRoot);
  });
  afterAll(async () => {
    await t.close();
    rmSync(webRoot, { recursive: true, force: true });
  });

  it.each(['br', 'gzip'])('sends a hashed asset as %s, cached for good, varying by Accept-Encoding', async (encoding) => {
    const res = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': encoding } });
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-encoding']).toBe(encoding);
    expect(res.headers['content-type']).toMatch(/javascript/);
    expect(res.headers['cache-control']).toBe('public, max-age=31536000, immutable');
    expect(res.headers.vary).toMatch(/accept-encoding/i);
    expect(res.rawPayload.length).toBeLessThan(CODE.length / 10);
  });

  it('prefers brotli when both are accepted, and sends the plain file to a client that takes neither', async () => {
    const both = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'gzip, deflate, br' } });
    expect(both.headers['content-encoding']).toBe('br');
    const plain = await t.app.inject({ method: 'GET', url: ASSET, headers: { 'accept-encoding': 'identity' } });
    expect(plain.headers['content-encoding']).toBeUndefined();
    expect(plain.body).toBe(CODE);
    expect(plain.headers.vary).toMatch(/accept-encoding/i);
  });

  it('answers a page path with index.html, compressed and revalidated on every visit', async () => {
    for (const url of ['/login', '/my-job/current-job', '/index.html']) {
      const res = await t.app.inject({ method: 'GET', url, headers: { 'accept-encoding': 'br' } });
      expect(res.statusCode, url).toBe(200);
      expect(res.headers['content-encoding'], url).toBe('br');
      expect(res.headers['cache-control'], url).toBe('no-cache');
      expect(res.headers['content-type'], url).toMatch(/text\/html/);
    }
  });

  it("allows index.html's inline script by its hash, and no other inline script", async () => {
    const res = await t.app.inject({ method: 'GET', url: '/login' });
    const csp = res.headers['content-security-policy'];
    const hash = createHash('sha256').update(FRAME_SCRIPT).digest('base64');
    expect(csp).toContain(`script-src 'self' 'sha256-${hash}'`);
    expect(String(csp).match(/script-src[^;]*/)?.[0]).not.toContain('unsafe-inline');
  });
});
