import {
  APPLICATION_KINDS,
  APPLICATION_STATES,
  createApplication,
  decideApplication,
  listApplications,
  withdrawApplication,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { ApplicationsService } from './applications.service.js';

/** The contract's optional enums arrive typed as text (zOptionalText); the schema has already checked them. */
const oneOf = <T extends string>(allowed: readonly T[], v: string | undefined): T | undefined => allowed.find((a) => a === v);

/* /jm_approvemanangement/api/applications (spec section 7: POST, method overridable; docs/applications.md). */
export const registerApplicationsRoutes = (kit: RouteKit, applications: ApplicationsService) => {
  kit.route(listApplications, ({ auth, query }) =>
    applications.list(auth, {
      ...query,
      scope: oneOf(['mine', 'review'] as const, query.scope),
      state: oneOf(APPLICATION_STATES, query.state),
      kind: oneOf(APPLICATION_KINDS, query.kind),
    }),
  );

  kit.route(createApplication, async ({ auth, body, req }) => {
    const item = await applications.create(auth, body);
    req.auditInfo.target = `#${item.applicationId} ${item.kind} ${item.accountName} ${what(item)}`.trim();
    return item;
  });

  kit.route(decideApplication, async ({ auth, params, body, req }) => {
    req.auditInfo.target = `#${params.applicationId} ${body.decision}`;
    const item = await applications.decide(auth, params.applicationId, body);
    // The outcome too: an approval whose change could not be made reads Failed.
    req.auditInfo.target = `#${item.applicationId} ${body.decision} ${item.kind} ${item.accountName} ${what(item)} → ${item.state}`;
    return item;
  });

  kit.route(withdrawApplication, async ({ auth, params, req }) => {
    req.auditInfo.target = `#${params.applicationId}`;
    await applications.withdraw(auth, params.applicationId);
    return {};
  });
};

/** What was asked for, for the audit line (no reason or remark: free text stays in the application). */
const what = (i: {
  hours: number | null;
  jobId: string | null;
  timeLimit: number | null;
  queue: string | null;
  target: string | null;
}) =>
  [
    i.hours !== null && `+${i.hours}h ${i.target ?? ''}`,
    i.jobId !== null && `job ${i.jobId} ${i.timeLimit ?? ''}s`,
    i.queue !== null && `queue ${i.queue}`,
  ]
    .filter(Boolean)
    .join(' ');
