/*
 * Slurm's field values and record layouts to plain values, shared by the listings' parsers. Pure
 * functions, tested with recorded outputs (samples/). Times are expected as epoch seconds
 * (SLURM_TIME_FORMAT=%s).
 */

/** A field's value, trimmed; empty for Slurm's placeholders for nothing. */
export const text = (v: string | undefined): string =>
  v === undefined || v === '(null)' || v === 'None assigned' ? '' : v.trim();

/** Epoch seconds to epoch ms; null for "Unknown", "None", "N/A" or 0. */
export const parseTime = (v: string | undefined): number | null => {
  const s = (v ?? '').trim();
  if (!/^\d+$/.test(s)) return null;
  const n = Number(s);
  return n > 0 ? n * 1000 : null;
};

/**
 * A Slurm duration to seconds: "[D-]HH:MM:SS", "MM:SS", "MM:SS.mmm" (sacct TotalCPU), "D-HH",
 * "D-HH:MM", or bare minutes. null for UNLIMITED and the like.
 */
export const parseDuration = (v: string | undefined): number | null => {
  // UNLIMITED, NONE, N/A, Partition_Limit, INVALID: no match, null.
  const m = /^(?:(\d+)-)?(\d+(?:\.\d+)?)(?::(\d+(?:\.\d+)?))?(?::(\d+(?:\.\d+)?))?$/.exec((v ?? '').trim());
  if (!m) return null;
  const [, d, a, b, c] = m;
  const days = Number(d ?? 0);
  let secs: number;
  if (d !== undefined) secs = Number(a) * 3600 + Number(b ?? 0) * 60 + Number(c ?? 0);
  else if (c !== undefined) secs = Number(a) * 3600 + Number(b) * 60 + Number(c);
  else if (b !== undefined) secs = Number(a) * 60 + Number(b);
  else secs = Number(a) * 60;
  return days * 86400 + secs;
};

const UNIT: Record<string, number> = { K: 1 / 1024, M: 1, G: 1024, T: 1024 * 1024, P: 1024 * 1024 * 1024 };

/** "1000M", "62.50G", "4776K" (a trailing c or n of old ReqMem formats ignored) to MiB; null when absent. */
export const parseMemory = (v: string | undefined): number | null => {
  const m = /^(\d+(?:\.\d+)?)([KMGTP])?[cn]?$/i.exec((v ?? '').trim());
  if (!m) return null;
  return Math.round(Number(m[1]) * (UNIT[(m[2] ?? 'M').toUpperCase()] ?? 1));
};

/** The leading integer of a field, 0 when there is none. */
export const int = (v: string | undefined): number => {
  const m = /^-?\d+/.exec((v ?? '').trim());
  return m ? Number(m[0]) : 0;
};

/** "cpu=2,mem=2000M,node=1,gres/gpu=2" to a map. */
export const parseTres = (v: string | undefined): Map<string, string> => {
  const map = new Map<string, string>();
  for (const part of text(v).split(',')) {
    const i = part.indexOf('=');
    if (i > 0) map.set(part.slice(0, i), part.slice(i + 1));
  }
  return map;
};

/** GPUs in a TRES string: gres/gpu, else the sum of the typed gres/gpu:<type> entries. */
export const tresGpus = (tres: Map<string, string>): number => {
  const all = tres.get('gres/gpu');
  if (all !== undefined) return int(all);
  let n = 0;
  for (const [k, v] of tres) if (k.startsWith('gres/gpu:')) n += int(v);
  return n;
};

/** GPUs in a gres list: "gpu:2", "gpu:a100:2(S:0-1)", "gres:gpu:2", "gres/gpu:2,gres/mps:100". */
export const gresGpus = (v: string | undefined): number => {
  let n = 0;
  for (const part of text(v).split(/,(?![^(]*\))/)) {
    const m = /^(?:gres[:/])?gpu(?::[^:()]+)?:(\d+)/.exec(part.trim());
    if (m) n += Number(m[1]);
    else if (/^(?:gres[:/])?gpu$/.test(part.trim())) n += 1;
  }
  return n;
};

/**
 * scontrol's one-line "Key=Value Key=Value" records to a map. Values may contain spaces
 * (OS=Linux 6.1 #1 SMP) and '=' (TRES=cpu=1,mem=1G); a key starts after whitespace.
 */
export const parseKeyValues = (line: string): Map<string, string> => {
  const map = new Map<string, string>();
  const re = /(?:^|\s)([A-Za-z][\w:/.]*)=/g;
  const keys: { key: string; start: number; valueStart: number }[] = [];
  for (let m = re.exec(line); m; m = re.exec(line))
    keys.push({ key: m[1] as string, start: m.index, valueStart: m.index + m[0].length });
  keys.forEach((k, i) => {
    const end = i + 1 < keys.length ? (keys[i + 1] as { start: number }).start : line.length;
    if (!map.has(k.key)) map.set(k.key, line.slice(k.valueStart, end).trim());
  });
  return map;
};

/** Splits a delimited listing into records keyed by field name. */
export const records = <F extends string>(out: string, fields: readonly F[], sep: string): Record<F, string>[] =>
  out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => {
      const values = line.split(sep);
      return Object.fromEntries(fields.map((f, i) => [f, values[i] ?? ''])) as Record<F, string>;
    });
