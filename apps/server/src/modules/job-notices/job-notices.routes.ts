import { jobNoticesGetSubscription, jobNoticesPutSubscription, jobNoticesRecent } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { JobNoticesService } from './job-notices.service.js';

/** Each user's own subscription and recent job ends: nobody reads or sets another's. */
export const registerJobNoticesRoutes = (kit: RouteKit, notices: JobNoticesService) => {
  kit.route(jobNoticesGetSubscription, ({ auth }) => notices.subscription(auth.user.userName));
  kit.route(jobNoticesPutSubscription, ({ auth, body }) => notices.setSubscription(auth.user.userName, body));
  kit.route(jobNoticesRecent, ({ auth, query }) => notices.recent(auth.user.userName, query.since));
};
