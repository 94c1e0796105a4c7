import { readdirSync, readFileSync, statSync } from 'node:fs';
import { join, relative } from 'node:path';
import { describe, expect, it } from 'vitest';

/*
 * Every text the console shows exists in English and Chinese: the two languages hold the same
 * namespaces and keys, and every literal key the code asks for exists.
 */

const here = import.meta.dirname;
const src = join(here, '..');

const flatten = (obj: unknown, prefix = ''): string[] =>
  obj && typeof obj === 'object'
    ? Object.entries(obj).flatMap(([k, v]: [string, unknown]) => flatten(v, prefix ? `${prefix}.${k}` : k))
    : [prefix];

/** The value at a key path of a namespace, or undefined. */
const at = (bundle: unknown, path: string): unknown =>
  path
    .split('.')
    .reduce<unknown>(
      (o, part) => (o && typeof o === 'object' ? Object.entries(o).find(([k]) => k === part)?.[1] : undefined),
      bundle,
    );

const load = (lang: string) =>
  Object.fromEntries(
    readdirSync(join(here, lang))
      .filter((f) => f.endsWith('.json'))
      .map((f): [string, unknown] => [f.replace(/\.json$/, ''), JSON.parse(readFileSync(join(here, lang, f), 'utf8'))]),
  );

const en = load('en');
const zh = load('zh');
/**
 * English plurals are i18next's `key_one` / `key_other`; Chinese has no plural forms and keeps the
 * plain `key` (i18next falls back to it): both count as `key`.
 */
const PLURAL = /_(zero|one|two|few|many|other)$/;
const keysOf = (bundle: Record<string, unknown>) =>
  new Set(Object.entries(bundle).flatMap(([ns, v]) => flatten(v).map((k) => `${ns}:${k.replace(PLURAL, '')}`)));
const enKeys = keysOf(en);
const zhKeys = keysOf(zh);

const sourceFiles = (dir: string): string[] =>
  readdirSync(dir).flatMap((f) => {
    const p = join(dir, f);
    if (statSync(p).isDirectory()) return f === 'locales' ? [] : sourceFiles(p);
    return /\.tsx?$/.test(f) && !/\.test\.tsx?$/.test(f) ? [p] : [];
  });

describe('translations', () => {
  it('have the same namespaces in both languages', () => {
    expect(Object.keys(zh).sort()).toEqual(Object.keys(en).sort());
  });

  it('have every English key in Chinese', () => {
    expect([...enKeys].filter((k) => !zhKeys.has(k))).toEqual([]);
  });

  it('have every Chinese key in English', () => {
    expect([...zhKeys].filter((k) => !enKeys.has(k))).toEqual([]);
  });

  it('have no empty texts', () => {
    const empty = [en, zh].flatMap((bundle) =>
      Object.entries(bundle).flatMap(([ns, v]) =>
        flatten(v)
          .filter((k) => {
            const text = at(v, k);
            return typeof text !== 'string' || text.trim() === '';
          })
          .map((k) => `${ns}:${k}`),
      ),
    );
    expect(empty).toEqual([]);
  });

  it('write English plurals as _one and _other, never as "(s)"', () => {
    const texts = Object.entries(en).flatMap(([ns, v]) => flatten(v).map((k) => [`${ns}:${k}`, at(v, k)] as const));
    expect(texts.filter(([, text]) => typeof text === 'string' && /\w\(s\)/.test(text)).map(([k]) => k)).toEqual([]);
    const plural = texts.filter(([k]) => PLURAL.test(k)).map(([k]) => k.replace(PLURAL, ''));
    for (const base of new Set(plural)) {
      expect(
        texts.some(([k]) => k === `${base}_one`),
        base,
      ).toBe(true);
      expect(
        texts.some(([k]) => k === `${base}_other`),
        base,
      ).toBe(true);
    }
  });

  it('contain every literal key the code uses', () => {
    const missing: string[] = [];
    for (const file of sourceFiles(src)) {
      const code = readFileSync(file, 'utf8');
      const ns = /(?:useTranslation\(|TFunction<)'([\w-]+)'/.exec(code)?.[1] ?? 'common';
      for (const m of code.matchAll(/\bt\('([\w.:-]+)'/g)) {
        const key = m[1] ?? '';
        const full = key.includes(':') ? key : `${ns}:${key}`;
        if (!enKeys.has(full)) missing.push(`${relative(src, file)}: ${full}`);
      }
    }
    expect(missing).toEqual([]);
  });
});
