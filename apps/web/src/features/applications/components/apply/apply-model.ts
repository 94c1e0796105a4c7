import {
  APPLICATION_MAX_TIME_S,
  parseQueueTime,
  QUOTA_LIMIT_MAX,
  type ApplicationKind,
  type CreateApplicationBody,
} from '@portal/shared';

/** The application form's fields; which are asked depends on the kind. */
export interface ApplyValues {
  kind: ApplicationKind;
  accountName?: string | undefined;
  hours?: string | undefined;
  clusterId?: string | undefined;
  jobId?: string | undefined;
  timeLimit?: string | undefined;
  queue?: string | undefined;
  reason: string;
}

/** The kinds a user may ask for: a longer run time only where the walltimeApply rule allows it (spec section 6). */
export const kindsFor = (wallTime: boolean): ApplicationKind[] =>
  wallTime ? ['coreHours', 'cardHours', 'wallTime', 'queueAccess'] : ['coreHours', 'cardHours', 'queueAccess'];

/** The kinds that name an account (a run time names a job, whose account the server knows). */
export const needsAccount = (kind: ApplicationKind) => kind !== 'wallTime';

export const hoursValid = (text: string | undefined) => {
  const v = (text ?? '').trim();
  return /^\d+$/.test(v) && Number(v) >= 1 && Number(v) <= QUOTA_LIMIT_MAX;
};

export const jobIdValid = (text: string | undefined) => /^\d+$/.test((text ?? '').trim());

/** A time limit as hh:mm:ss or d-hh:mm:ss, from a minute to the longest an application may ask. */
export const timeLimitValid = (text: string | undefined) => {
  const s = parseQueueTime(text ?? '');
  return s !== null && s >= 60 && s <= APPLICATION_MAX_TIME_S;
};

const cluster = (v: ApplyValues) => (v.clusterId ? { clusterId: v.clusterId } : {});

/** The request for the form's values (validated by the form's rules before). */
export const toApplicationBody = (v: ApplyValues): CreateApplicationBody => {
  const reason = v.reason.trim();
  const accountName = v.accountName ?? '';
  switch (v.kind) {
    case 'coreHours':
    case 'cardHours':
      return { kind: v.kind, accountName, hours: Number((v.hours ?? '').trim()), reason };
    case 'wallTime':
      return { kind: 'wallTime', ...cluster(v), jobId: (v.jobId ?? '').trim(), timeLimit: (v.timeLimit ?? '').trim(), reason };
    case 'queueAccess':
      return { kind: 'queueAccess', ...cluster(v), accountName, queue: v.queue ?? '', reason };
  }
};
