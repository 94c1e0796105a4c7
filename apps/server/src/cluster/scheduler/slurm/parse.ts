import type { ActiveJob, ActiveJobDetail, FinishedJob, NodeInfo, PartitionInfo } from '../types.js';
import {
  SACCT_FIELDS,
  SEP,
  SINFO_NODE_FIELDS,
  SQUEUE_FIELDS,
  type SacctField,
  type SinfoNodeField,
  type SqueueField,
} from './commands.js';
import { baseState, exitStatusOf, isFinished, portalState } from './states.js';

/*
 * Slurm's text output to the adapter's types. Pure functions, tested with recorded outputs
 * (samples/). Times are expected as epoch seconds (SLURM_TIME_FORMAT=%s).
 */

// ---------------------------------------------------------------------------------------------
// Values

const text = (v: string | undefined): string => (v === undefined || v === '(null)' || v === 'None assigned' ? '' : v.trim());

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

const int = (v: string | undefined): number => {
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

/** "alice(1001)" → "alice". */
const nameOf = (v: string | undefined): string => text(v).replace(/\(\d+\)$/, '');

/** Splits a delimited listing into records keyed by field name. */
const records = <F extends string>(out: string, fields: readonly F[], sep: string): Record<F, string>[] =>
  out
    .split('\n')
    .filter((l) => l.trim() !== '')
    .map((line) => {
      const values = line.split(sep);
      return Object.fromEntries(fields.map((f, i) => [f, values[i] ?? ''])) as Record<F, string>;
    });

/** The task id of an array element (ArrayTaskID is a number), else null. */
const arrayTask = (v: string | undefined): string | null => (/^\d+$/.test(text(v)) ? text(v) : null);

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

// ---------------------------------------------------------------------------------------------
// squeue

const activeFromSqueue = (r: Record<SqueueField, string>): ActiveJob => {
  // Array elements as Slurm's commands take them (24_1; the raw id 25 is refused by scancel).
  const jobId = text(r.JobArrayID) || text(r.JobID);
  const state = text(r.State);
  const pending = baseState(state) === 'PENDING';
  const restartCount = int(r.RestartCnt);
  const reason = text(r.Reason);
  const tres = parseTres(r['tres-alloc']);
  const nodes = int(r.NumNodes);
  let gpus = tresGpus(tres);
  if (gpus === 0) gpus = gresGpus(r['tres-per-job']) || gresGpus(r['tres-per-node']) * Math.max(1, nodes);
  const workDir = text(r.WorkDir);
  const names: OutputNames = {
    jobId: text(r.JobID),
    arrayJobId: text(r.ArrayJobID) || undefined,
    arrayTaskId: arrayTask(r.ArrayTaskID),
    name: text(r.Name),
    user: text(r.UserName),
    node: text(r.BatchHost) || undefined,
  };
  const stdoutPath = expandOutputPath(text(r.STDOUT), workDir, names);
  const stderrPath = expandOutputPath(text(r.STDERR), workDir, names) || stdoutPath;
  const start = parseTime(r.StartTime);
  return {
    jobId,
    name: names.name,
    user: names.user,
    account: text(r.Account),
    partition: text(r.Partition),
    state: portalState(state, reason, restartCount),
    schedulerState: state,
    reason: pending ? reason : '',
    priority: int(r.PriorityLong),
    submitTime: parseTime(r.SubmitTime),
    startTime: pending ? null : start,
    expectedStartTime: pending ? start : null,
    timeLimit: parseDuration(r.TimeLimit),
    runTime: parseDuration(r.TimeUsed) ?? 0,
    nodes,
    cpus: int(r.NumCPUs),
    gpus,
    memoryMB: parseMemory(tres.get('mem')),
    nodeList: pending ? '' : text(r.NodeList),
    workDir,
    stdoutPath,
    stderrPath,
    command: text(r.Command),
    restartCount,
    exclusive: text(r.OverSubscribe) === 'NO',
  };
};

/** The jobs of `squeue -h -a --states=all -O <SQUEUE_FIELDS>` that have not ended. */
export const parseSqueue = (out: string): ActiveJob[] =>
  records(out, SQUEUE_FIELDS, SEP)
    .filter((r) => text(r.JobID) !== '' && !isFinished(r.State))
    .map(activeFromSqueue);

// ---------------------------------------------------------------------------------------------
// scontrol show job

/**
 * The first job of `scontrol show job -o <id>`, or null when it has ended. `script` comes from
 * `scontrol write batch_script`.
 */
export const parseJobDetail = (out: string, script: string | null): ActiveJobDetail | null => {
  const line = out.split('\n').find((l) => l.startsWith('JobId='));
  if (!line) return null;
  const kv = parseKeyValues(line);
  const state = text(kv.get('JobState'));
  if (isFinished(state)) return null;
  const pending = baseState(state) === 'PENDING';
  const restartCount = int(kv.get('Restarts'));
  const reason = text(kv.get('Reason'));
  const tres = parseTres(kv.get('TRES'));
  const nodes = int(kv.get('NumNodes'));
  let gpus = tresGpus(tres);
  if (gpus === 0) gpus = gresGpus(kv.get('TresPerJob')) || gresGpus(kv.get('TresPerNode')) * Math.max(1, nodes);
  const rawId = text(kv.get('JobId'));
  const arrayJobId = text(kv.get('ArrayJobId'));
  const arrayTaskId = text(kv.get('ArrayTaskId'));
  // Array elements as squeue names them: 24_1, or 24_[2-3] for the tasks not yet started.
  const jobId =
    !arrayJobId || !arrayTaskId
      ? rawId
      : /^\d+$/.test(arrayTaskId)
        ? `${arrayJobId}_${arrayTaskId}`
        : `${arrayJobId}_[${arrayTaskId}]`;
  const name = text(kv.get('JobName'));
  const user = nameOf(kv.get('UserId'));
  const workDir = text(kv.get('WorkDir'));
  const names: OutputNames = {
    jobId: rawId,
    arrayJobId: arrayJobId || undefined,
    arrayTaskId: arrayTask(arrayTaskId),
    name,
    user,
    node: text(kv.get('BatchHost')) || undefined,
  };
  const stdoutPath = expandOutputPath(text(kv.get('StdOut')), workDir, names);
  const start = parseTime(kv.get('StartTime'));
  const partition = text(kv.get('Partition'));
  const timeLimit = parseDuration(kv.get('TimeLimit'));
  const memoryMB = parseMemory(tres.get('mem'));
  const cpus = int(kv.get('NumCPUs'));
  const account = text(kv.get('Account'));
  const params = [
    `-J ${name}`,
    `-p ${partition}`,
    `-N ${nodes}`,
    `-n ${int(kv.get('NumTasks')) || cpus}`,
    ...(gpus > 0 ? [`--gpus=${gpus}`] : []),
    ...(memoryMB ? [`--mem=${Math.round(memoryMB / Math.max(1, nodes))}M`] : []),
    ...(timeLimit !== null ? [`-t ${Math.ceil(timeLimit / 60)}`] : []),
    `-D ${workDir}`,
    ...(account ? [`-A ${account}`] : []),
  ];
  return {
    jobId,
    name,
    user,
    group: nameOf(kv.get('GroupId')),
    account,
    partition,
    state: portalState(state, reason, restartCount),
    schedulerState: state,
    reason: pending ? reason : '',
    priority: int(kv.get('Priority')),
    submitTime: parseTime(kv.get('SubmitTime')),
    startTime: pending ? null : start,
    expectedStartTime: pending ? start : null,
    timeLimit,
    runTime: parseDuration(kv.get('RunTime')) ?? 0,
    nodes,
    cpus,
    gpus,
    memoryMB,
    nodeList: pending ? '' : text(kv.get('NodeList')),
    workDir,
    stdoutPath,
    stderrPath: expandOutputPath(text(kv.get('StdErr')), workDir, names) || stdoutPath,
    command: text(kv.get('Command')),
    restartCount,
    exclusive: text(kv.get('OverSubscribe')) === 'NO',
    script,
    submitParams: params.join(' '),
    exitCode: text(kv.get('ExitCode')) || null,
  };
};

// ---------------------------------------------------------------------------------------------
// sinfo, scontrol show partition

/** Node states without sinfo's flag suffixes (* not responding, ~ powered off, # powering up, ...). */
const nodeState = (v: string): string =>
  text(v)
    .toLowerCase()
    .replace(/[*~#!%$@^-]+$/, '');

/** Nodes of `sinfo -h -a -N -O <SINFO_NODE_FIELDS>` (one row per node and partition). */
export const parseSinfoNodes = (out: string): NodeInfo[] => {
  const nodes = new Map<string, NodeInfo>();
  for (const r of records(out, SINFO_NODE_FIELDS, SEP) as Record<SinfoNodeField, string>[]) {
    const name = text(r.NodeList);
    if (!name) continue;
    const partition = text(r.Partition).replace(/\*$/, '');
    const known = nodes.get(name);
    if (known) {
      if (partition && !known.partitions.includes(partition)) known.partitions.push(partition);
      continue;
    }
    const [alloc, , , total] = text(r.CPUsState).split('/');
    nodes.set(name, {
      name,
      state: nodeState(r.StateLong),
      cpus: int(total),
      cpusAlloc: int(alloc),
      gpus: gresGpus(r.Gres),
      gpusAlloc: gresGpus(r.GresUsed),
      memoryMB: int(r.Memory),
      partitions: partition ? [partition] : [],
    });
  }
  return [...nodes.values()];
};

/** Partitions of `scontrol show partition -o`; their nodes come from the node listing. */
export const parsePartitions = (out: string, nodes: NodeInfo[]): PartitionInfo[] =>
  out
    .split('\n')
    .filter((l) => l.startsWith('PartitionName='))
    .map((line) => {
      const kv = parseKeyValues(line);
      const name = text(kv.get('PartitionName'));
      const maxNodes = text(kv.get('MaxNodes'));
      return {
        name,
        isDefault: kv.get('Default') === 'YES',
        state: text(kv.get('State')).toLowerCase(),
        maxTime: parseDuration(kv.get('MaxTime')),
        defaultTime: parseDuration(kv.get('DefaultTime')),
        maxNodes: /^\d+$/.test(maxNodes) ? Number(maxNodes) : null,
        nodes: nodes.filter((n) => n.partitions.includes(name)).map((n) => n.name),
        totalCores: int(kv.get('TotalCPUs')),
        totalGpus: tresGpus(parseTres(kv.get('TRES'))),
      };
    });

// ---------------------------------------------------------------------------------------------
// sacct

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
  for (const st of steps) {
    const rss = parseMemory(st.MaxRSS);
    const list = runs.get(text(st.JobID).split('.')[0] as string) ?? [];
    const run = list.find((r) => end(r) >= end(st)) ?? list[list.length - 1];
    if (rss !== null && run) maxRss.set(run, Math.max(rss, maxRss.get(run) ?? 0));
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
        cpuTime: cpuTime === null ? null : Math.round(cpuTime),
        workDir: text(r.WorkDir),
        restartCount: i,
        exclusive: false,
      });
    });
  }
  return jobs.sort((a, b) => a.endTime - b.endTime || a.jobId.localeCompare(b.jobId, 'en', { numeric: true }));
};
