import type { Kysely } from 'kysely';
import type { Database, JobSubmissionRow, NewJobSubmission } from '../../db/types.js';

/**
 * What the portal's submission recorded for each job: accounting keeps neither the script nor the
 * template, so a finished job's details read them from here.
 */
export class SubmissionsRepository {
  constructor(private readonly db: Kysely<Database>) {}

  async save(row: NewJobSubmission): Promise<void> {
    await this.db.insertInto('job_submissions').values(row).execute();
  }

  /**
   * The submission of a job; `submittedBy` (epoch ms) skips records newer than the job itself, for
   * a scheduler that hands out an id again after its own ids were reset.
   */
  async find(clusterId: string, jobId: string, submittedBy?: number | null): Promise<JobSubmissionRow | undefined> {
    let q = this.db.selectFrom('job_submissions').selectAll().where('cluster_id', '=', clusterId).where('job_id', '=', jobId);
    // The scheduler's submit time and ours differ by the round trip: a minute of slack.
    if (submittedBy) q = q.where('submitted_at', '<=', submittedBy + 60_000);
    const row = await q.orderBy('submitted_at', 'desc').orderBy('id', 'desc').executeTakeFirst();
    return (
      row && {
        ...row,
        memory_mb: Number(row.memory_mb),
        time_limit_s: Number(row.time_limit_s),
        submitted_at: Number(row.submitted_at),
      }
    );
  }
}
