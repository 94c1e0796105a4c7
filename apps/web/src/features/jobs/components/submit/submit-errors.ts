import { z } from 'zod';
import { toHms } from '@portal/shared';
import { ApiError } from '../../../../lib/api-client';

/** The form fields a server refusal can point at. */
export const SUBMIT_FIELDS = ['name', 'queue', 'account', 'workDir', 'nodes', 'cores', 'gpus', 'memoryMB', 'timeLimit'] as const;
export type SubmitField = (typeof SUBMIT_FIELDS)[number];

/** A refusal to show at a field: a translation key of the job-submit texts and its values. */
export interface FieldProblem {
  field: SubmitField;
  key: string;
  params: Record<string, string | number>;
}

const Issues = z.array(
  z.object({
    path: z.string(),
    code: z.string().optional(),
    params: z.record(z.string(), z.union([z.string(), z.number()])).optional(),
  }),
);

const isField = (path: string): path is SubmitField => SUBMIT_FIELDS.some((f) => f === path);

/** Reasons of the file checks that concern the working directory when a submission meets them. */
const WORK_DIR_REASONS = ['pathOutsideRoots', 'notADirectory', 'fileDenied', 'fileNotExist', 'symlinkLoop', 'nameTooLong'];

/** Reasons that concern the account the job is charged to. */
const ACCOUNT_REASONS = ['accountDisabled', 'accountFrozen', 'notAccountMember', 'accountNotFound'];

/** The server refused the job's account (disabled, frozen, not the user's). */
export const accountRefusal = (err: unknown): boolean => err instanceof ApiError && ACCOUNT_REASONS.includes(err.reason ?? '');

/**
 * Where the server's refusal of a submission belongs in the form, by the issues it names (code and
 * values, translated in the page's language) or else by its reason. Empty: no field to blame, the
 * caller shows the general error text.
 */
export const fieldProblemsOf = (err: unknown): FieldProblem[] => {
  if (!(err instanceof ApiError)) return [];
  const parsed = Issues.safeParse(err.data.issues);
  const fromIssues = (parsed.success ? parsed.data : []).flatMap((i): FieldProblem[] => {
    const field = i.path.split('.')[0] ?? '';
    if (!isField(field)) return [];
    const params = { ...i.params };
    // Seconds read as hh:mm:ss in every language.
    if (typeof params.max === 'number' && field === 'timeLimit') params.max = toHms(params.max);
    return [{ field, key: i.code ? `serverError.${i.code}` : 'serverError.invalid', params }];
  });
  if (fromIssues.length) return fromIssues;
  if (err.reason === 'exceedQueueMax') return [{ field: 'timeLimit', key: 'serverError.timeLimitOverMax', params: {} }];
  if (err.reason && ACCOUNT_REASONS.includes(err.reason))
    return [{ field: 'account', key: `errors:reason.${err.reason}`, params: {} }];
  if (err.reason && WORK_DIR_REASONS.includes(err.reason))
    return [{ field: 'workDir', key: `errors:reason.${err.reason}`, params: {} }];
  return [];
};
