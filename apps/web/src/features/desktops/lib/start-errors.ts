import { z } from 'zod';
import { ApiError } from '../../../lib/api-client';
import { hoursText } from './start-form';

/** The start form's fields a refused desktop job can point at. */
export type StartField = 'queue' | 'cores' | 'hours' | 'account';

/** A refusal to show at a field: a translation key (desktops namespace unless prefixed) and its values. */
export interface StartProblem {
  field: StartField;
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

/** The job submission's fields as the start form names them (its time limit is asked in hours). */
const FIELD_OF: Record<string, StartField> = { queue: 'queue', cores: 'cores', timeLimit: 'hours', account: 'account' };

/** The codes of the job submission's checks the start form has words for. */
export const KNOWN_CODES = ['queueUnknown', 'noDefaultQueue', 'queueNotAllowed', 'timeLimitOverMax', 'coresOverQueue'];

const ACCOUNT_REASONS = ['accountDisabled', 'accountFrozen', 'notAccountMember', 'accountNotFound'];

/** The server refused the job's account: its status (and the banner's) may have changed since the page loaded. */
export const accountRefusal = (err: unknown) => err instanceof ApiError && ACCOUNT_REASONS.includes(err.reason ?? '');

/**
 * Where the job submission's refusal of a desktop job belongs in the start form: by the issues it
 * names (code and values; a time limit in seconds reads as hours), else by its reason. Empty: the
 * dialog's general error says it all.
 */
export const startProblemsOf = (err: unknown): StartProblem[] => {
  if (!(err instanceof ApiError)) return [];
  const parsed = Issues.safeParse(err.data.issues);
  const fromIssues = (parsed.success ? parsed.data : []).flatMap((i): StartProblem[] => {
    const field = FIELD_OF[i.path.split('.')[0] ?? ''];
    if (!field) return [];
    const params = { ...i.params };
    if (typeof params.max === 'number' && field === 'hours') params.max = hoursText(params.max / 3600);
    const code = i.code && KNOWN_CODES.includes(i.code) ? i.code : 'invalid';
    return [{ field, key: `start.refused.${code}`, params }];
  });
  if (fromIssues.length) return fromIssues;
  if (err.reason === 'exceedQueueMax') return [{ field: 'hours', key: 'errors:reason.exceedQueueMax', params: {} }];
  if (err.reason && ACCOUNT_REASONS.includes(err.reason))
    return [{ field: 'account', key: `errors:reason.${err.reason}`, params: {} }];
  return [];
};
