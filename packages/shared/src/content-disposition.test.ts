import { describe, expect, it } from 'vitest';
import { contentDisposition, fileNameFromContentDisposition } from './content-disposition.js';

describe('Content-Disposition', () => {
  const tricky = [
    'report.txt',
    'with space.tar.gz',
    '报告 "1".txt',
    'back\\slash',
    '100%.csv',
    'semi;colon=x',
    "it's (a) *test*",
    'ctrl\u0001char\u007f',
    'emoji 🚀.png',
    'id_ed25519_key_user.ppk',
  ];

  it.each(tricky)('carries %j from the server to the console unchanged', (name) => {
    expect(fileNameFromContentDisposition(contentDisposition('attachment', name))).toBe(name);
  });

  it('keeps the fallback name plain ASCII, with nothing that could end the quoted string', () => {
    for (const name of tricky) {
      const fallback = /filename="([^"]*)"/.exec(contentDisposition('inline', name))?.[1] ?? '';
      expect(fallback).toMatch(/^[\x20-\x7e]*$/);
      expect(fallback).not.toMatch(/["\\;%]/);
    }
    expect(contentDisposition('attachment', 'a.txt')).toBe(`attachment; filename="a.txt"; filename*=UTF-8''a.txt`);
  });

  it('reads the headers other servers send', () => {
    expect(fileNameFromContentDisposition('attachment; filename="plain.txt"')).toBe('plain.txt');
    expect(fileNameFromContentDisposition('attachment; filename=bare.txt')).toBe('bare.txt');
    expect(fileNameFromContentDisposition(`attachment; filename*=UTF-8''%E5%9B%BE.png`)).toBe('图.png');
    expect(fileNameFromContentDisposition(`attachment; filename="fallback.txt"; filename*=UTF-8''%ZZ`)).toBe('fallback.txt');
    expect(fileNameFromContentDisposition('inline')).toBeUndefined();
    expect(fileNameFromContentDisposition(null)).toBeUndefined();
  });
});
