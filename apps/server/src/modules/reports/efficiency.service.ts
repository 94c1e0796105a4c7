import type { EfficiencyReport, EfficiencyRow } from '@portal/shared';
import type { Auth } from '../../lib/auth.js';
import { figuresOf } from './efficiency-hints.js';
import type { EfficiencySums } from './efficiency.repository.js';
import type { UsageWhere } from './reports.repository.js';
import type { ReportFilter, ReportsService } from './reports.service.js';

const zero = (user: string): EfficiencySums => ({
  user,
  jobs: 0,
  cpuMeasuredJobs: 0,
  cpuSeconds: 0,
  coreSeconds: 0,
  memoryMeasuredJobs: 0,
  memoryUsedMB: 0,
  memoryRequestedMB: 0,
  gpuMeasuredJobs: 0,
  cardSeconds: 0,
  gpuBusyPctSeconds: 0,
  unmeasuredJobs: 0,
});

const add = (into: EfficiencySums, s: EfficiencySums) => {
  for (const k of Object.keys(into) as (keyof EfficiencySums)[]) if (k !== 'user') into[k] += s[k];
};

/**
 * The efficiency report (docs/reports.md, "Job efficiency"): the usage reports' range and scope
 * rules (ReportsService.where), figures by user from the raw jobs, the largest users of cores first.
 */
export class EfficiencyService {
  constructor(
    private readonly reports: ReportsService,
    private readonly sums: (w: UsageWhere) => Promise<EfficiencySums[]>,
  ) {}

  async report(auth: Auth, q: ReportFilter & { pageStart: number; pageLimit: number }): Promise<EfficiencyReport> {
    const where = await this.reports.where(auth, q);
    const sums = (await this.sums(where)).sort(
      (a, b) => b.coreSeconds - a.coreSeconds || b.jobs - a.jobs || (a.user < b.user ? -1 : a.user > b.user ? 1 : 0),
    );
    const totals = zero('');
    for (const s of sums) add(totals, s);
    const list: EfficiencyRow[] = sums
      .slice(q.pageStart, q.pageStart + q.pageLimit)
      .map((s) => ({ user: s.user, ...figuresOf(s) }));
    return { timeZone: this.reports.timeZone, from: q.from, to: q.to, total: sums.length, list, totals: figuresOf(totals) };
  }
}
