import { z } from 'zod';
import type { Contract } from '@portal/shared';
import type { CallOptions } from './harness.js';

/*
 * Malformed requests for the HTTP fuzzer (http/fuzz.test.ts), drawn from a seeded generator so a
 * failing run can be replayed with its seed: wrong types, missing and extra fields, huge and
 * strange text, deep nesting, broken JSON, wrong content types, long path parameters, huge query
 * strings, other methods and method overrides.
 */

/** mulberry32: small, fast and the same on every machine. */
export class Rand {
  private state: number;
  constructor(seed: number) {
    this.state = seed >>> 0;
  }
  next(): number {
    this.state = (this.state + 0x6d2b79f5) >>> 0;
    let t = this.state;
    t = Math.imul(t ^ (t >>> 15), t | 1);
    t ^= t + Math.imul(t ^ (t >>> 7), t | 61);
    return ((t ^ (t >>> 14)) >>> 0) / 4294967296;
  }
  int(max: number): number {
    return Math.floor(this.next() * max);
  }
  chance(p: number): boolean {
    return this.next() < p;
  }
  pick<T>(items: readonly T[]): T {
    const item = items[this.int(items.length)];
    if (item === undefined) throw new Error('pick from an empty list');
    return item;
  }
}

/** Percent-encodes the UTF-8 bytes of any text, lone surrogates included (encodeURIComponent throws on them). */
export const percentEncode = (s: string): string =>
  Array.from(Buffer.from(s, 'utf8'), (b) =>
    /[A-Za-z0-9._~-]/.test(String.fromCharCode(b)) ? String.fromCharCode(b) : `%${b.toString(16).toUpperCase().padStart(2, '0')}`,
  ).join('');

const WEIRD_CHARS = [
  '\u0000',
  '\u0001',
  '\u202e',
  '\ud800',
  '\udfff',
  '\uffff',
  '😀',
  '中',
  'é',
  '\n',
  '\r',
  '\t',
  '"',
  "'",
  '\\',
  '/',
  '%',
  '&',
  '=',
  '?',
  '#',
  ' ',
];

/** Text a client might type or forge: plausible values next to hostile ones. */
const TEXTS = [
  '',
  ' ',
  'admin',
  'alice',
  'local',
  'compute',
  '00:10:00',
  'a@b.cn',
  '/',
  '/tmp',
  '~',
  '.',
  '..',
  '../../etc/passwd',
  '/etc/shadow',
  '/proc/self/environ',
  '..%2F..%2Fetc%2Fpasswd',
  'a/../../b',
  '-1',
  '0',
  '1',
  '1e999',
  '-1e308',
  '9007199254740993',
  'NaN',
  'Infinity',
  'true',
  'null',
  'undefined',
  '[object Object]',
  "' OR 1=1 --",
  '"; DROP TABLE users; --',
  '<script>alert(1)</script>',
  '${7*7}',
  '$(id)',
  '`id`',
  '--help',
  '-o/etc/passwd',
  '__proto__',
  'constructor',
  'prototype',
  'a\u0000b',
  '\ud800',
  '\u202egnp.exe',
  'bytes=0-',
  '2026-13-45T99:99:99Z',
  '2026-01-01T00:00:00Z',
];

/**
 * Paths that exist on the test cluster (the administrator's home, a file, a symlink loop), set by
 * the fuzzer before it runs: malformed requests about real files reach the file handlers.
 */
export const knownTexts: string[] = [];

export const randomText = (r: Rand): string => {
  if (knownTexts.length > 0 && r.chance(0.3)) return r.pick(knownTexts);
  if (r.chance(0.5)) return r.pick(TEXTS);
  if (r.chance(0.1)) return r.pick(WEIRD_CHARS).repeat(1 + r.int(20_000));
  const length = r.chance(0.1) ? 1000 + r.int(200_000) : r.int(40);
  let s = '';
  for (let i = 0; i < Math.min(length, 64); i++) s += r.chance(0.3) ? r.pick(WEIRD_CHARS) : String.fromCharCode(32 + r.int(95));
  return length > 64 ? s.repeat(Math.ceil(length / Math.max(1, s.length))).slice(0, length) : s;
};

const NUMBERS = [0, -0, 1, -1, 1.5, -1.5, 2 ** 31, 2 ** 53 + 1, -(2 ** 53), 1e308, -1e308, Number.MIN_VALUE, 65536, 4096];

/** Any JSON value, kept shallow (deep nesting is sent as raw text, see deepJson). */
export const randomValue = (r: Rand, depth = 0): unknown => {
  switch (r.int(depth > 2 ? 5 : 8)) {
    case 0:
      return r.pick(NUMBERS);
    case 1:
      return r.chance(0.5);
    case 2:
      return null;
    case 3:
    case 4:
      return randomText(r);
    case 5:
      return Array.from({ length: r.int(6) }, () => randomValue(r, depth + 1));
    case 6:
      return r.chance(0.2) ? Array.from({ length: 10_000 + r.int(50_000) }, () => r.int(10)) : [];
    default:
      return Object.fromEntries(Array.from({ length: r.int(5) }, () => [randomText(r).slice(0, 30), randomValue(r, depth + 1)]));
  }
};

/** Fields of an object schema (what a well-formed body or query would name). */
export const fieldsOf = (schema: z.ZodType | undefined): string[] =>
  schema instanceof z.ZodObject ? Object.keys(schema.shape) : [];

/** Text for a field that passes its most common check: the one cluster of the test server for a cluster id. */
const plausibleText = (r: Rand, field: string): string => (field === 'clusterId' && r.chance(0.9) ? 'local' : randomText(r));

const EXTRA_KEYS = [
  '__proto__',
  'constructor',
  'isAdmin',
  'roleId',
  'userName',
  '_csrf',
  'clusterId',
  '',
  '\u0000',
  'a.b',
  'x[y]',
];

/** An object shaped like the contract's input, each field given, left out or spoiled. */
const shapedObject = (r: Rand, fields: string[]): Record<string, unknown> => {
  const obj: Record<string, unknown> = {};
  // Half the time every field is text (most fields are), so more requests pass validation into the handlers.
  const plausible = r.chance(0.5);
  for (const f of fields) {
    if (r.chance(plausible ? 0.1 : 0.25)) continue;
    obj[f] = !plausible ? randomValue(r) : r.chance(0.15) ? [plausibleText(r, f), plausibleText(r, f)] : plausibleText(r, f);
  }
  for (let i = r.int(3); i > 0; i--) obj[r.pick(EXTRA_KEYS)] = randomValue(r);
  return obj;
};

/** JSON nested far deeper than any contract, built as text (parsing it is what is being tested). */
export const deepJson = (r: Rand): string => {
  const depth = r.pick([65, 1000, 20_000, 100_000]) + r.int(1000);
  const open = r.pick(['[', '{"a":', '[{"b":', '{"x":[']);
  const close = { '[': ']', '{"a":': '}', '[{"b":': '}]', '{"x":[': ']}' }[open] ?? ']';
  const inner = r.pick(['1', '"s"', 'null', '[]', '{}']);
  const prefix = r.chance(0.3) ? '{"userName":"admin","deep":' : '';
  return `${prefix}${open.repeat(depth)}${inner}${r.chance(0.8) ? close.repeat(depth) : ''}${prefix ? '}' : ''}`;
};

const CONTENT_TYPES = [
  'text/plain',
  'application/xml',
  'text/html',
  'multipart/form-data',
  'multipart/form-data; boundary=x',
  'application/octet-stream',
  'application/offset+octet-stream',
  'application/json; charset=utf-16',
  'application/json; charset=latin1',
  'application/JSON',
  'application/json, text/plain',
  'application/x-www-form-urlencoded',
  'image/png',
  'nonsense',
  ';;;',
  'a/b; c=d; e',
];

const brokenJson = (r: Rand): string => {
  const valid = JSON.stringify(randomValue(r)) ?? 'null';
  return r.pick([
    valid.slice(0, Math.max(1, r.int(valid.length))),
    `${valid}}`,
    "{'a': 1}",
    '{"a":1,}',
    'NaN',
    '{"a":01}',
    '{"a":"\\x00"}',
    '\ufeff{"a":1}',
    '{"a":"\ud800"}',
    '[1,2',
    '"unterminated',
    '{"__proto__":{"isAdmin":true}}',
    '{"constructor":{"prototype":{"x":1}}}',
    '{"a":1,"a":2}',
    `{"a":${'9'.repeat(5000)}}`,
  ]);
};

/** A form body with hostile keys and values. */
const formBody = (r: Rand, fields: string[]): string => {
  const keys = [...fields, ...EXTRA_KEYS, 'a[b][c]', 'a[]', '%zz', '%'];
  return Array.from({ length: 1 + r.int(6) }, () => {
    const key = r.chance(0.3) ? percentEncode(r.pick(keys)) : r.pick(keys);
    const value = r.chance(0.3) ? r.pick(['%zz', '%', '%00', '+', '&&', '==']) : percentEncode(randomText(r).slice(0, 5000));
    return `${key}=${value}`;
  }).join('&');
};

/** A body and its content type for one request. */
const randomBody = (r: Rand, fields: string[]): { rawBody: string; contentType: string | undefined } => {
  const json = 'application/json';
  const kind = r.int(100);
  if (kind < 35) return { rawBody: JSON.stringify(shapedObject(r, fields)), contentType: json };
  if (kind < 45) return { rawBody: JSON.stringify(randomValue(r)) ?? 'null', contentType: json };
  if (kind < 55) return { rawBody: deepJson(r), contentType: r.chance(0.8) ? json : r.pick(CONTENT_TYPES) };
  if (kind < 65) return { rawBody: brokenJson(r), contentType: json };
  if (kind < 75) return { rawBody: formBody(r, fields), contentType: 'application/x-www-form-urlencoded' };
  if (kind < 90)
    return {
      rawBody: r.chance(0.5) ? randomText(r) : JSON.stringify(shapedObject(r, fields)),
      contentType: r.pick(CONTENT_TYPES),
    };
  if (kind < 94) return { rawBody: JSON.stringify(shapedObject(r, fields)), contentType: undefined };
  if (kind < 99) return { rawBody: '', contentType: r.chance(0.5) ? json : r.pick(CONTENT_TYPES) };
  // Over the 1 MB body limit.
  return { rawBody: `{"a":"${'x'.repeat(1024 * 1024 + r.int(100_000))}"}`, contentType: json };
};

const queryValue = (r: Rand): string => {
  if (r.chance(0.15)) return r.pick(['%zz', '%', '%00', '%E0%A4%A', '%C0%AF', '%FF%FE']);
  if (r.chance(0.03)) return 'q'.repeat(50_000 + r.int(150_000));
  return percentEncode(randomText(r)).slice(0, 20_000);
};

/** A query string naming the contract's fields (and others), repeated, bracketed and badly escaped. */
const randomQuery = (r: Rand, fields: string[]): string => {
  // Half the time most fields, each once, so more requests pass validation into the handlers.
  if (fields.length > 0 && r.chance(0.5))
    return `?${fields
      .filter(() => !r.chance(0.1))
      .map((f) => `${f}=${r.chance(0.8) ? percentEncode(plausibleText(r, f)) : queryValue(r)}`)
      .join('&')}`;
  const keys = [...fields, ...EXTRA_KEYS.map(percentEncode), 'a[b]', `${fields[0] ?? 'x'}[]`, '%zz'];
  const parts = Array.from({ length: r.int(6) }, () => {
    const key = r.pick(keys);
    return r.chance(0.1) ? key : `${key}=${queryValue(r)}`;
  });
  return parts.length ? `?${parts.join(r.chance(0.1) ? ';' : '&')}` : r.pick(['', '?', '?&&', '?=']);
};

const paramValue = (r: Rand): string => {
  const kind = r.int(10);
  if (kind < 2) return 'p'.repeat(101 + r.int(5000));
  if (kind < 3) return r.pick(['..', '..%2F..%2Fetc', '%2e%2e', '%00', '%zz', '%', '%2F', 'a%20b', '%E4%B8%AD']);
  if (kind < 4)
    return r.pick(['software', 'key', 'VncViewer.zip', 'cancel', 'hold', 'priority', 'extend', 'abcdefgh12', '1', '0']);
  const text = randomText(r);
  return percentEncode(text.length > 200 && r.chance(0.5) ? text.slice(0, 90) : text) || 'x';
};

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;

/** Headers clients send by mistake or on purpose, next to the content type. */
const extraHeaders = (r: Rand): Record<string, string> => {
  const h: Record<string, string> = {};
  if (r.chance(0.1)) h['x-http-method-override'] = r.pick(['DELETE', 'PUT', 'TRACE', 'CONNECT', 'GET', 'xx', '']);
  if (r.chance(0.05)) h['x-method-override'] = r.pick(['DELETE', 'PATCH', 'garbage']);
  if (r.chance(0.05))
    h.range = r.pick(['bytes=abc', 'bytes=5-1', 'bytes=99999999999-', 'bytes=-0', 'bytes=0-1,2-3,4-5', 'items=0-1']);
  if (r.chance(0.05)) h['upload-offset'] = r.pick(['-1', 'abc', '1e999', '0', '99999999999999999999']);
  if (r.chance(0.03)) h['upload-length'] = r.pick(['-1', 'abc', '0']);
  if (r.chance(0.05)) h.accept = r.pick(['text/html', '*/*', 'application/xml', '']);
  if (r.chance(0.03)) h['if-none-match'] = r.pick(['*', '"x"', 'W/"1"']);
  if (r.chance(0.03)) h.origin = r.pick(['https://evil.example', 'null', '']);
  return h;
};

export interface FuzzRequest {
  method: string;
  url: string;
  opts: CallOptions;
}

/** One malformed request aimed at a contract. */
export const fuzzRequest = (r: Rand, c: Contract): FuzzRequest => {
  const method = r.chance(0.88) ? c.method : r.pick(METHODS);
  const path = c.path.replace(/:(\w+)/g, () => paramValue(r));
  const query = c.query || r.chance(0.2) ? randomQuery(r, fieldsOf(c.query)) : '';
  const headers = extraHeaders(r);
  const opts: CallOptions = { headers, noCsrf: r.chance(0.05) };
  if (method !== 'GET' && method !== 'HEAD' && (c.body || r.chance(0.6))) {
    const { rawBody, contentType } = randomBody(r, fieldsOf(c.body));
    opts.rawBody = rawBody;
    if (contentType !== undefined) headers['content-type'] = contentType;
  } else if (method === 'GET' && r.chance(0.05)) {
    // A body on a GET: Fastify ignores it, which is fine, as long as nothing breaks.
    opts.rawBody = deepJson(r);
    headers['content-type'] = 'application/json';
  }
  return { method, url: path + query, opts };
};
