import parsePrometheusTextFormat from 'parse-prometheus-text-format';

/* Prometheus's text exposition format, as node_exporter and the other exporters answer it. */

export type Labels = Readonly<Record<string, string>>;
/** Samples by metric name: each with its labels and a finite value. */
export type Families = ReadonlyMap<string, readonly { labels: Labels; value: number }[]>;

/**
 * The family a sample or TYPE line belongs to, or undefined for a blank line or other comments.
 * HELP lines are dropped: nothing reads them, and an empty one (`# HELP ifHCInOctets `, which
 * snmp_exporter writes for a metric without help) stops the parser.
 */
const familyOf = (line: string): string | undefined => {
  if (line.startsWith('#')) return /^#\s*TYPE\s+(\S+)/.exec(line)?.[1];
  const m = /^[A-Za-z_:][A-Za-z0-9_:]*/.exec(line);
  return m?.[0];
};

/**
 * Parses an exposition, keeping only the families asked for: node_exporter answers about a
 * thousand lines, the catalogue reads a few dozen, and the parser's time is per line kept.
 */
export const parseExposition = (text: string, keep: ReadonlySet<string>): Families => {
  const kept = text
    .split('\n')
    .filter((line) => {
      const name = familyOf(line);
      return name !== undefined && keep.has(name);
    })
    .join('\n')
    // The parser drops a last line without its newline.
    .concat('\n');
  const out = new Map<string, { labels: Labels; value: number }[]>();
  for (const family of parsePrometheusTextFormat(kept)) {
    const samples = family.metrics
      .map((m) => ({ labels: m.labels ?? {}, value: Number(m.value) }))
      .filter((s) => Number.isFinite(s.value));
    out.set(family.name, samples);
  }
  return out;
};

/** Several scrapes of one resource (its node_exporter and its BMC's exporter) as one: each family's samples from all. */
export const mergeFamilies = (scrapes: readonly Families[]): Families => {
  const out = new Map<string, { labels: Labels; value: number }[]>();
  for (const f of scrapes) for (const [name, samples] of f) out.set(name, [...(out.get(name) ?? []), ...samples]);
  return out;
};
