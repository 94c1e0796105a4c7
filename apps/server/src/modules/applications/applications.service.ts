import type { ApplicationItem, ApplicationKind, ApplicationState } from '@portal/shared';
import type { Auth } from '../../lib/auth.js';
import type { Clock } from '../../lib/time.js';
import { ApplicationEffects, type EffectDeps } from './application-effects.js';
import {
  adminDecides,
  applicationNotFound,
  applicationNotPending,
  applicationPending,
  notApplicant,
  ownApplication,
} from './application-errors.js';
import { checkApplication, type CreateApplication, type IntakeDeps } from './application-intake.js';
import { isAdmin, maySee, reviews, toItem } from './application-view.js';
import type { ApplicationView } from './applications.repository.js';

export interface ApplicationListQuery {
  pageStart: number;
  pageLimit: number;
  scope?: 'mine' | 'review' | undefined;
  state?: ApplicationState | undefined;
  kind?: ApplicationKind | undefined;
  accountName?: string | undefined;
}

export interface Decision {
  decision: 'approve' | 'refuse';
  remark?: string | undefined;
}

export type ApplicationsDeps = IntakeDeps & EffectDeps & { clock: Clock };

/**
 * Applications for more hours, a longer run time or a queue (docs/applications.md): users apply,
 * the account's owner or an administrator decides (never the applicant), and an approval makes
 * the change at once.
 */
export class ApplicationsService {
  private readonly effects: ApplicationEffects;

  constructor(private readonly deps: ApplicationsDeps) {
    this.effects = new ApplicationEffects(deps);
  }

  /** mine: the caller's, newest first. review: what the caller reviews, pending first. */
  async list(auth: Auth, q: ApplicationListQuery): Promise<{ total: number; list: ApplicationItem[] }> {
    const review = q.scope === 'review';
    const whose = review ? (isAdmin(auth) ? {} : { ownerId: auth.user.id }) : { applicantId: auth.user.id };
    const { total, rows } = await this.deps.repo.list(
      { ...whose, state: q.state, kind: q.kind, accountName: q.accountName },
      { offset: q.pageStart, limit: q.pageLimit },
      review,
    );
    return { total, list: rows.map((r) => toItem(auth, r)) };
  }

  async create(auth: Auth, body: CreateApplication): Promise<ApplicationItem> {
    const checked = await checkApplication(this.deps, auth, body);
    const id = await this.deps.repo.transaction(async (tx) => {
      const same = await tx.findPending({
        applicant_id: auth.user.id,
        kind: checked.kind,
        account_id: checked.account_id,
        cluster_id: checked.cluster_id ?? null,
        job_id: checked.job_id ?? null,
        queue: checked.queue ?? null,
      });
      if (same) throw applicationPending(Number(same.id));
      return tx.insert({
        ...checked,
        state: 'Pending',
        applicant_id: auth.user.id,
        reason: body.reason,
        remark: '',
        decided_by: '',
        decided_at: null,
        error: '',
        created_at: this.deps.clock.now(),
      });
    });
    return toItem(auth, await this.visible(auth, id));
  }

  /** Approve (the change is made at once) or refuse with a remark. */
  async decide(auth: Auth, id: number, d: Decision): Promise<ApplicationItem> {
    const a = await this.visible(auth, id);
    if (Number(a.applicant_id) === auth.user.id) throw ownApplication();
    if (a.state !== 'Pending') throw applicationNotPending(id, a.state);
    if (!reviews(auth, a)) throw adminDecides();
    const decision = { by: auth.user.userName, at: this.deps.clock.now(), remark: d.remark ?? '' };
    if (d.decision === 'approve') await this.effects.approve(auth, a, decision);
    else {
      const closed = await this.deps.repo.close(id, {
        state: 'Refused',
        remark: decision.remark,
        decided_by: decision.by,
        decided_at: decision.at,
      });
      if (!closed) throw applicationNotPending(id, 'decided');
    }
    return toItem(auth, await this.visible(auth, id));
  }

  /** The applicant takes back a pending application. */
  async withdraw(auth: Auth, id: number): Promise<void> {
    const a = await this.visible(auth, id);
    if (Number(a.applicant_id) !== auth.user.id) throw notApplicant();
    if (a.state !== 'Pending') throw applicationNotPending(id, a.state);
    const closed = await this.deps.repo.close(id, {
      state: 'Withdrawn',
      decided_by: auth.user.userName,
      decided_at: this.deps.clock.now(),
    });
    if (!closed) throw applicationNotPending(id, 'decided');
  }

  /** The application, when the caller may see it; else the same answer as for one that does not exist. */
  private async visible(auth: Auth, id: number): Promise<ApplicationView> {
    const a = await this.deps.repo.find(id);
    if (!a || !maySee(auth, a)) throw applicationNotFound(id);
    return a;
  }
}
