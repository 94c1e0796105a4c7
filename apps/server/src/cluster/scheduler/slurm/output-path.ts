/** The names an output pattern can refer to. */
export interface OutputNames {
  jobId: string;
  arrayJobId?: string | undefined;
  arrayTaskId?: string | null | undefined;
  name: string;
  user: string;
  node?: string | undefined;
}

/**
 * An --output/--error pattern as Slurm expands it for a batch job: %j %x %u %A %a %N %n %t %s %%,
 * with an optional zero-pad width (%4j). Relative paths are relative to the work directory.
 */
export const expandOutputPath = (pattern: string, workDir: string, n: OutputNames): string => {
  if (pattern === '') return '';
  const pad = (v: string, w: string | undefined) => (w ? v.padStart(Number(w), '0') : v);
  const expanded = pattern.replace(/%(%|(\d*)([AajJNnstux]))/g, (all, pct: string, width: string | undefined, code: string) => {
    if (pct === '%') return '%';
    switch (code) {
      case 'j':
        return pad(n.jobId, width);
      case 'J':
        return pad(`${n.jobId}.batch`, width);
      case 'A':
        return pad(n.arrayJobId ?? n.jobId, width);
      case 'a':
        return pad(n.arrayTaskId ?? '4294967294', width);
      case 'x':
        return n.name;
      case 'u':
        return n.user;
      case 'N':
        return n.node ? n.node : all;
      case 'n':
      case 't':
        return pad('0', width);
      case 's':
        return 'batch';
      default:
        return all;
    }
  });
  if (expanded.startsWith('/') || !workDir) return expanded;
  return `${workDir.replace(/\/+$/, '')}/${expanded}`;
};
