/*
 * Slurm-style host lists: "node[01-04]", "node[01-02,07],gpu1". Expansion keeps the zero padding
 * of the range's first number; compression is for display (SLURM_JOB_NODELIST, node lists).
 */

/** More names than this in one expression is a typing error, not a cluster. */
const MAX_NAMES = 100_000;

/** Splits on commas that are not inside brackets. */
const splitTop = (expr: string): string[] => {
  const parts: string[] = [];
  let depth = 0;
  let cur = '';
  for (const ch of expr) {
    if (ch === '[') depth++;
    if (ch === ']') depth--;
    if (depth < 0) throw new Error(`unbalanced brackets in host list "${expr}"`);
    if (ch === ',' && depth === 0) {
      parts.push(cur);
      cur = '';
    } else cur += ch;
  }
  if (depth !== 0) throw new Error(`unbalanced brackets in host list "${expr}"`);
  parts.push(cur);
  return parts.map((p) => p.trim()).filter((p) => p !== '');
};

const NAME = /^[A-Za-z0-9_.-]+$/;

/** The names an expression stands for, in order, without duplicates. Throws on a malformed one. */
export const expandHostlist = (expr: string): string[] => {
  const out: string[] = [];
  const seen = new Set<string>();
  const add = (name: string) => {
    if (!NAME.test(name)) throw new Error(`bad host name "${name}"`);
    if (seen.has(name)) return;
    seen.add(name);
    out.push(name);
    if (out.length > MAX_NAMES) throw new Error(`host list "${expr}" is too long`);
  };
  for (const part of splitTop(expr)) {
    const m = /^([^[\]]*)\[([^[\]]+)\]([^[\]]*)$/.exec(part);
    if (!m) {
      if (part.includes('[') || part.includes(']')) throw new Error(`bad host list "${part}"`);
      add(part);
      continue;
    }
    const [, prefix = '', ranges = '', suffix = ''] = m;
    for (const r of ranges.split(',')) {
      const rm = /^\s*(\d+)(?:-(\d+))?\s*$/.exec(r);
      if (!rm) throw new Error(`bad range "${r}" in host list "${part}"`);
      const lo = rm[1] as string;
      const hi = rm[2] ?? lo;
      const from = Number(lo);
      const to = Number(hi);
      if (to < from) throw new Error(`range "${r}" runs backwards in host list "${part}"`);
      if (to - from > MAX_NAMES) throw new Error(`host list "${part}" is too long`);
      for (let i = from; i <= to; i++) add(`${prefix}${String(i).padStart(lo.length, '0')}${suffix}`);
    }
  }
  return out;
};

/** The shortest Slurm-style text for a list of names, in the order prefixes first appear: "node[01-03,05],login". */
export const compressHostlist = (names: readonly string[]): string => {
  const groups = new Map<string, { digits: string; n: number }[]>();
  const plain = new Set<string>();
  const order: { kind: 'plain' | 'group'; key: string }[] = [];
  for (const name of names) {
    const m = /^(.*?)(\d+)$/.exec(name);
    if (!m) {
      if (!plain.has(name)) order.push({ kind: 'plain', key: name });
      plain.add(name);
      continue;
    }
    const prefix = m[1] as string;
    const digits = m[2] as string;
    let g = groups.get(prefix);
    if (!g) {
      g = [];
      groups.set(prefix, g);
      order.push({ kind: 'group', key: prefix });
    }
    if (!g.some((e) => e.digits === digits)) g.push({ digits, n: Number(digits) });
  }
  return order
    .map(({ kind, key }) => {
      if (kind === 'plain') return key;
      const entries = (groups.get(key) ?? []).sort((a, b) => a.n - b.n || a.digits.length - b.digits.length);
      if (entries.length === 1) return `${key}${(entries[0] as { digits: string }).digits}`;
      const ranges: string[] = [];
      let i = 0;
      while (i < entries.length) {
        const first = entries[i] as { digits: string; n: number };
        let j = i;
        // A range continues while the next number is one more and prints with the first one's padding.
        while (j + 1 < entries.length) {
          const next = entries[j + 1] as { digits: string; n: number };
          if (next.n !== (entries[j] as { n: number }).n + 1 || String(next.n).padStart(first.digits.length, '0') !== next.digits)
            break;
          j++;
        }
        const last = entries[j] as { digits: string };
        ranges.push(i === j ? first.digits : `${first.digits}-${last.digits}`);
        i = j + 1;
      }
      return `${key}[${ranges.join(',')}]`;
    })
    .join(',');
};
