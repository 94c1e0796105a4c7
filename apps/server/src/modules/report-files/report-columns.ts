import type { ReportDimension } from '@portal/shared';

/* The columns of report files, with their headers in English and Chinese (the web's report texts). */

export type Lang = 'en' | 'zh';
/** text: as is; int: an exact integer; hours: seconds shown as hours with two decimals. */
export type ColumnKind = 'text' | 'int' | 'hours';

export interface Column {
  header: string;
  kind: ColumnKind;
  width: number;
}

type Texts = Record<Lang, string>;
const col =
  (t: Texts, kind: ColumnKind, width: number) =>
  (lang: Lang): Column => ({ header: t[lang], kind, width });

const dimension: Record<ReportDimension, Texts> = {
  user: { en: 'User', zh: '用户' },
  account: { en: 'Account', zh: '账户' },
  queue: { en: 'Queue', zh: '队列' },
  cluster: { en: 'Cluster', zh: '集群' },
  company: { en: 'Company', zh: '单位' },
  department: { en: 'Department', zh: '部门' },
};

const figures = [
  col({ en: 'Core-seconds', zh: '核秒' }, 'int', 16),
  col({ en: 'Card-seconds', zh: '卡秒' }, 'int', 16),
  col({ en: 'Core-hours', zh: '核时' }, 'hours', 14),
  col({ en: 'Card-hours', zh: '卡时' }, 'hours', 14),
];

/** key, jobs, core-seconds, card-seconds, core-hours, card-hours. */
export const summaryColumns = (groupBy: ReportDimension, lang: Lang): Column[] => [
  col(dimension[groupBy], 'text', 24)(lang),
  col({ en: 'Jobs', zh: '作业数' }, 'int', 10)(lang),
  ...figures.map((c) => c(lang)),
];

/** end time, job id, user, account, queue, cluster, cores, cards, seconds, core-seconds, card-seconds, core-hours, card-hours. */
export const jobColumns = (lang: Lang, zone: string): Column[] => [
  { header: `${lang === 'zh' ? '结束时间' : 'End time'} (${zone})`, kind: 'text', width: 22 },
  col({ en: 'Job ID', zh: '作业ID' }, 'text', 14)(lang),
  col(dimension.user, 'text', 16)(lang),
  col(dimension.account, 'text', 16)(lang),
  col(dimension.queue, 'text', 12)(lang),
  col(dimension.cluster, 'text', 12)(lang),
  col({ en: 'Cores', zh: '核数' }, 'int', 8)(lang),
  col({ en: 'Cards', zh: '卡数' }, 'int', 8)(lang),
  col({ en: 'Seconds', zh: '运行秒数' }, 'int', 12)(lang),
  ...figures.map((c) => c(lang)),
];

/** The last row's label: sums of every row above. */
export const totalLabel = (lang: Lang): string => (lang === 'zh' ? '合计' : 'Total');

/** The sheet's name. */
export const sheetName = (lang: Lang): string => (lang === 'zh' ? '用量' : 'Usage');
