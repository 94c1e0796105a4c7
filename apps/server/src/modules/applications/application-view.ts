import { can, type ApplicationItem } from '@portal/shared';
import type { Auth } from '../../lib/auth.js';
import { iso, isoOrNull } from '../../lib/time.js';
import type { ApplicationView } from './applications.repository.js';

/* Who sees and who decides an application: the rules in one place, for lists and for each call. */

/** Administrators decide every application (and see them all). */
export const isAdmin = (auth: Auth) => can(auth.user.roleId, 'accounts:manage');

const isApplicant = (auth: Auth, a: ApplicationView) => Number(a.applicant_id) === auth.user.id;
const ownsAccount = (auth: Auth, a: ApplicationView) => Number(a.owner_user_id) === auth.user.id;

/** The applicant, the account's owner and administrators; to anyone else it does not exist. */
export const maySee = (auth: Auth, a: ApplicationView) => isApplicant(auth, a) || ownsAccount(auth, a) || isAdmin(auth);

/** Whether the caller's role is one that decides this application (the applicant aside). */
export const reviews = (auth: Auth, a: ApplicationView) =>
  can(auth.user.roleId, 'applications:review') && (isAdmin(auth) || (a.reviewer === 'ownerOrAdmin' && ownsAccount(auth, a)));

/** The caller may approve or refuse it now: pending, not their own, and theirs to decide. */
export const canDecide = (auth: Auth, a: ApplicationView) => a.state === 'Pending' && !isApplicant(auth, a) && reviews(auth, a);

const num = (v: number | null) => (v === null ? null : Number(v));

export const toItem = (auth: Auth, a: ApplicationView): ApplicationItem => ({
  applicationId: Number(a.id),
  kind: a.kind,
  state: a.state,
  applicant: a.applicant_name,
  accountName: a.account_name,
  target: a.target,
  hours: num(a.hours),
  clusterId: a.cluster_id,
  jobId: a.job_id,
  timeLimit: num(a.time_limit_s),
  queue: a.queue,
  reason: a.reason,
  remark: a.remark,
  reviewer: a.reviewer,
  canDecide: canDecide(auth, a),
  decidedBy: a.decided_by,
  decidedAt: isoOrNull(a.decided_at === null ? null : Number(a.decided_at)),
  error: a.error,
  createdAt: iso(Number(a.created_at)),
});
