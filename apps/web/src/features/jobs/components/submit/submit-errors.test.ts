import { beforeAll, describe, expect, it } from 'vitest';
import { i18n } from '../../../../lib/i18n';
import { ApiError, NetworkError } from '../../../../lib/api-client';
import { accountRefusal, fieldProblemsOf } from './submit-errors';

const refused = (data: Record<string, unknown>) => new ApiError(10004, 'invalid', 400, data);

/** The text at a dotted key of a namespace, in one language. */
const textAt = (lang: 'en' | 'zh', ns: string, key: string): unknown =>
  key
    .split('.')
    .reduce<unknown>(
      (node, part) => (node && typeof node === 'object' ? Reflect.get(node, part) : undefined),
      i18n.getResourceBundle(lang, ns),
    );

describe("the server's refusals of a submission", () => {
  // The tests' setup loads the current language's texts; the check below reads Chinese too.
  beforeAll(async () => {
    await i18n.loadNamespaces('job-submit');
    await i18n.loadLanguages('zh');
  });

  it('go to the field the server names, with its code and values', () => {
    expect(
      fieldProblemsOf(
        refused({
          reason: 'invalidJobRequest',
          issues: [{ path: 'queue', message: 'unknown queue x', code: 'queueUnknown', params: { queue: 'x' } }],
        }),
      ),
    ).toEqual([{ field: 'queue', key: 'serverError.queueUnknown', params: { queue: 'x' } }]);
    expect(
      fieldProblemsOf(
        refused({
          reason: 'exceedQueueMax',
          issues: [{ path: 'timeLimit', message: '', code: 'timeLimitOverMax', params: { max: 5400 } }],
        }),
      ),
    ).toEqual([{ field: 'timeLimit', key: 'serverError.timeLimitOverMax', params: { max: '01:30:00' } }]);
    expect(
      fieldProblemsOf(
        refused({
          reason: 'invalidJobRequest',
          issues: [{ path: 'workDir', message: '', code: 'workDirUnusable', params: { path: '/etc' } }],
        }),
      ),
    ).toEqual([{ field: 'workDir', key: 'serverError.workDirUnusable', params: { path: '/etc' } }]);
  });

  it('say "refused" at the field when the server gives no code (a value of the wrong type)', () => {
    expect(fieldProblemsOf(refused({ reason: 'validation', issues: [{ path: 'nodes', message: 'Expected number' }] }))).toEqual([
      { field: 'nodes', key: 'serverError.invalid', params: {} },
    ]);
  });

  it('place reasons without issues by what they are about', () => {
    expect(fieldProblemsOf(refused({ reason: 'exceedQueueMax' }))).toEqual([
      { field: 'timeLimit', key: 'serverError.timeLimitOverMax', params: {} },
    ]);
    expect(fieldProblemsOf(refused({ reason: 'pathOutsideRoots' }))).toEqual([
      { field: 'workDir', key: 'errors:reason.pathOutsideRoots', params: {} },
    ]);
  });

  it("put the account's refusals at the account field, in the spec's words", () => {
    const disabled = new ApiError(10007, 'The account has been deactivated and cannot be operated.', 403, {
      reason: 'accountDisabled',
    });
    expect(fieldProblemsOf(disabled)).toEqual([{ field: 'account', key: 'errors:reason.accountDisabled', params: {} }]);
    expect(accountRefusal(disabled)).toBe(true);
    for (const reason of ['accountFrozen', 'notAccountMember'])
      expect(fieldProblemsOf(refused({ reason }))).toEqual([{ field: 'account', key: `errors:reason.${reason}`, params: {} }]);
    expect(accountRefusal(refused({ reason: 'exceedQueueMax' }))).toBe(false);
    expect(textAt('en', 'errors', 'reason.accountDisabled')).toBe('The account has been deactivated and cannot be operated.');
    expect(textAt('zh', 'errors', 'reason.accountDisabled')).toBe('账户已被停用，无法操作。');
  });

  it('leave the rest to the general message', () => {
    expect(fieldProblemsOf(refused({ reason: 'schedulerError' }))).toEqual([]);
    expect(fieldProblemsOf(refused({ reason: 'invalidJobRequest', issues: [{ path: 'script', message: 'too big' }] }))).toEqual(
      [],
    );
    expect(fieldProblemsOf(new NetworkError(false))).toEqual([]);
    expect(fieldProblemsOf(new Error('x'))).toEqual([]);
  });

  it('have a text in English and Chinese for every code the server sends', () => {
    const codes = [
      'invalid',
      'queueUnknown',
      'noDefaultQueue',
      'timeLimitInvalid',
      'timeLimitOverMax',
      'nodesOverQueue',
      'coresOverQueue',
      'gpusOverQueue',
      'coresBelowNodes',
      'workDirDotDot',
      'workDirUnusable',
    ];
    for (const lang of ['en', 'zh'] as const)
      for (const code of codes)
        expect(textAt(lang, 'job-submit', `serverError.${code}`), `${lang} ${code}`).toEqual(expect.any(String));
  });
});
