import type { Families, Labels } from './exposition.js';

/* Reading one scrape's families: the helpers the catalogue's entries are written with. */

export type Match = (labels: Labels) => boolean;
export const all: Match = () => true;

export const values = (f: Families, name: string, match: Match): number[] =>
  (f.get(name) ?? []).filter((s) => match(s.labels)).map((s) => s.value);

export const sum = (f: Families, name: string, match: Match = all): number | undefined => {
  const v = values(f, name, match);
  return v.length === 0 ? undefined : v.reduce((a, b) => a + b, 0);
};
export const avg = (f: Families, name: string, match: Match = all): number | undefined => {
  const v = values(f, name, match);
  return v.length === 0 ? undefined : v.reduce((a, b) => a + b, 0) / v.length;
};
export const max = (f: Families, name: string, match: Match = all): number | undefined => {
  const v = values(f, name, match);
  return v.length === 0 ? undefined : Math.max(...v);
};
export const minus = (a: number | undefined, b: number | undefined) => (a === undefined || b === undefined ? undefined : a - b);
export const usedShare = (total: number | undefined, free: number | undefined) =>
  total === undefined || free === undefined || total <= 0 ? undefined : 100 * (1 - free / total);

/** The samples of several families, as one (a figure that node_exporter and ipmi_exporter both report). */
export const valuesOfAny = (f: Families, names: readonly string[]): number[] => names.flatMap((name) => values(f, name, all));

/** How many samples of the families pass `test`; undefined when the exporter reports none of them. */
export const countWhere = (f: Families, names: readonly string[], test: (v: number) => boolean): number | undefined => {
  const v = valuesOfAny(f, names);
  return v.length === 0 ? undefined : v.filter(test).length;
};
