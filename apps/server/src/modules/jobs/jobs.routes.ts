import {
  contentDisposition,
  getJob,
  jobAction,
  jobBatchAction,
  jobOutput,
  listJobs,
  listJobTemplates,
  previewJob,
  submitJob,
  type JobTemplate,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { JobActionsService } from './job-actions.service.js';
import type { JobPreviewService } from './job-preview.service.js';
import type { JobsService } from './jobs.service.js';

export const registerJobsRoutes = (
  kit: RouteKit,
  jobs: JobsService,
  actions: JobActionsService,
  templates: () => JobTemplate[],
  preview: JobPreviewService,
) => {
  kit.route(listJobs, ({ auth, query }) => jobs.list(auth, query));

  kit.route(getJob, ({ auth, params, query }) => jobs.detail(auth, query.clusterId, params.jobId));

  kit.route(submitJob, async ({ auth, body, req }) => {
    const result = await actions.submit(auth, body);
    req.auditInfo.target = result.jobId;
    return result;
  });

  // Submits nothing: the submit's checks, the quotas and the scheduler's expected start (debounced by the form).
  kit.route(previewJob, ({ auth, body }) => preview.preview(auth, body));

  kit.route(jobBatchAction, async ({ auth, params, body, req }) => {
    req.auditInfo.target = `${params.action} ${body.jobIds.join(',')}`.slice(0, 256);
    return actions.batch(auth, body.clusterId, body.jobIds, params.action, body);
  });

  kit.route(jobAction, async ({ auth, params, body, req }) => {
    req.auditInfo.target = `${params.action} ${params.jobId}`;
    await actions.act(auth, body.clusterId, params.jobId, params.action, body);
    return { jobId: params.jobId, action: params.action };
  });

  kit.route(jobOutput, async ({ auth, params, query, reply }) => {
    const download = query.download === '1';
    const out = await actions.output(auth, query.clusterId, params.jobId, query.stream, { tailBytes: query.tailBytes, download });
    if (!download) return out;
    const name = out.path.split('/').pop() ?? `${params.jobId}.${query.stream === 'stdout' ? 'out' : 'err'}`;
    // A download is a file, not an envelope; the route's response schema only covers the view.
    void reply
      .header('content-disposition', contentDisposition('attachment', name))
      .type('text/plain; charset=utf-8')
      .serializer((x: unknown) => String(x))
      .send(out.content);
    return reply as never;
  });

  kit.route(listJobTemplates, () => templates());
};
