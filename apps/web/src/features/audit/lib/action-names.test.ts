import { describe, expect, it } from 'vitest';
import { auditedActionIds } from '@portal/shared';
import enAudit from '../../../locales/en/audit.json';
import zhAudit from '../../../locales/zh/audit.json';
import { namedActions } from './action-names';

/*
 * Every action the server can write to the audit log reads as words in both languages: a new
 * audited contract or system action without a name fails here, not as a raw id on the page.
 */

const ids = auditedActionIds();

describe('audit action names', () => {
  it('knows the audited actions (contracts and system actions)', () => {
    expect(ids).toContain('files.mkdir');
    expect(ids).toContain('files.redeemToken');
    expect(ids).toContain('files.pathRefused');
    expect(ids).toContain('provisionUser');
    // Reads are not audited, unless a contract says so.
    expect(ids).not.toContain('audit.list');
    expect(ids).toContain('keys.exportKey');
  });

  it.each([
    ['en', enAudit],
    ['zh', zhAudit],
  ])('names every audited action in %s', (_lang, tree) => {
    const names = new Map(namedActions(tree));
    const missing = ids.filter((id) => !names.get(id)?.trim());
    expect(missing).toEqual([]);
  });

  it('names no action the server does not audit (no stale entries in the filter)', () => {
    const stale = namedActions(enAudit)
      .map(([id]) => id)
      .filter((id) => !ids.includes(id));
    expect(stale).toEqual([]);
  });

  it('flattens nested names into ids', () => {
    expect(namedActions({ action: { a: { b: 'B' }, c: 'C', d: 3 }, other: 'x' })).toEqual([
      ['a.b', 'B'],
      ['c', 'C'],
    ]);
  });
});
