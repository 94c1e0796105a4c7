import type { FinishedJob } from '../types.js';
import { SACCT_FIELDS, SEP, type SacctField } from './commands.js';
import { baseState, exitStatusOf } from './states.js';
import { int, parseDuration, parseMemory, parseTime, parseTres, records, text, tresGpus } from './values.js';

/**
 * Ended runs of `sacct -a -D -P -n -o <SACCT_FIELDS>`, oldest first (array elements as 24_1). A requeued job has a record
 * per run (the earlier ones in state REQUEUED, each with its own submit time); restartCount counts
 * the earlier runs listed. Steps give the largest MaxRSS of the run they ended in.
 * The records are not all final at once: re-read a safety window.
 */
export const parseSacct = (out: string): FinishedJob[] => {
  const runs = new Map<string, Record<SacctField, string>[]>();
  const steps: Record<SacctField, string>[] = [];
  for (const r of records(out, SACCT_FIELDS, SEP)) {
    const id = text(r.JobID);
    if (!id || parseTime(r.End) === null) continue;
    if (id.includes('.')) steps.push(r);
    // A record without a partition is slurmdbd's stand-in ("allocation", group root) for a job whose
    // steps reached it before slurmctld's job record: skip it, a later read finds the real one.
    else if (text(r.Partition)) runs.set(id, [...(runs.get(id) ?? []), r]);
  }
  const end = (r: Record<SacctField, string>) => parseTime(r.End) ?? 0;
  for (const list of runs.values()) list.sort((a, b) => end(a) - end(b));
  const maxRss = new Map<Record<SacctField, string>, number>();
  const gpuUtil = new Map<Record<SacctField, string>, number>();
  for (const st of steps) {
    const rss = parseMemory(st.MaxRSS);
    const util = text(parseTres(st.TRESUsageInTot).get('gres/gpuutil'));
    const list = runs.get(text(st.JobID).split('.')[0] as string) ?? [];
    const run = list.find((r) => end(r) >= end(st)) ?? list[list.length - 1];
    if (rss !== null && run) maxRss.set(run, Math.max(rss, maxRss.get(run) ?? 0));
    if (/^\d+(\.\d+)?$/.test(util) && run) gpuUtil.set(run, Math.max(Math.round(Number(util)), gpuUtil.get(run) ?? 0));
  }
  const jobs: FinishedJob[] = [];
  for (const [jobId, list] of runs) {
    list.forEach((r, i) => {
      const alloc = parseTres(r.AllocTRES);
      const req = parseTres(r.ReqTRES);
      const limit = text(r.TimelimitRaw);
      const cpuTime = parseDuration(r.TotalCPU);
      jobs.push({
        jobId,
        name: text(r.JobName),
        user: text(r.User),
        group: text(r.Group),
        account: text(r.Account),
        partition: text(r.Partition),
        schedulerState: baseState(r.State),
        exitStatus: exitStatusOf(r.State),
        exitCode: text(r.ExitCode) || '0:0',
        submitTime: parseTime(r.Submit),
        eligibleTime: parseTime(r.Eligible),
        startTime: parseTime(r.Start),
        endTime: end(r),
        elapsed: int(r.ElapsedRaw),
        timeLimit: /^\d+$/.test(limit) ? Number(limit) * 60 : null,
        nodes: int(r.NNodes),
        cpus: int(r.AllocCPUS) || int(r.ReqCPUS),
        gpus: alloc.size ? tresGpus(alloc) : tresGpus(req),
        nodeList: text(r.NodeList),
        memoryMB: parseMemory(alloc.get('mem')) ?? parseMemory(req.get('mem')) ?? parseMemory(r.ReqMem),
        maxRssMB: maxRss.get(r) ?? null,
        gpuUtil: gpuUtil.get(r) ?? null,
        cpuTime: cpuTime === null ? null : Math.round(cpuTime),
        workDir: text(r.WorkDir),
        restartCount: i,
        exclusive: false,
      });
    });
  }
  return jobs.sort((a, b) => a.endTime - b.endTime || a.jobId.localeCompare(b.jobId, 'en', { numeric: true }));
};
