import type { LocalJobRow } from '../../../db/types.js';
import { compressHostlist } from '@portal/shared';
import { homePath } from './paths.js';
import { share } from './resources.js';

/** Environment variables passed on from the server's own environment. */
const INHERITED_ENV = /^(PATH|LANG|LANGUAGE|LC_[A-Z]+|TZ|TMPDIR)$/;

/** Slurm's compact per-node list: [8, 8, 4] -> "8(x2),4". */
const perNodeText = (values: number[]): string => {
  const parts: string[] = [];
  for (let i = 0; i < values.length;) {
    let j = i;
    while (j + 1 < values.length && values[j + 1] === values[i]) j++;
    parts.push(j > i ? `${values[i]}(x${j - i + 1})` : String(values[i]));
    i = j + 1;
  }
  return parts.join(',');
};

export interface JobEnvContext {
  homeRoot: string;
  clusterId: string;
  /** The account jobs run as: the server's own, or null when each runs as its user's account. */
  osUser: string | null;
}

/** The job's environment: a few of the server's variables, the user's folder as HOME, and Slurm's names. */
export const jobEnvironment = (ctx: JobEnvContext, row: LocalJobRow, nodeList: string[]): Record<string, string> => {
  const env: Record<string, string> = {};
  for (const [k, v] of Object.entries(process.env)) if (INHERITED_ENV.test(k) && v !== undefined) env[k] = v;
  env.PATH ??= '/usr/local/bin:/usr/bin:/bin';
  const cpus = nodeList.map((_, i) => share(row.cpus, nodeList.length, i));
  const hosts = compressHostlist(nodeList);
  const id = String(row.id);
  Object.assign(env, {
    HOME: homePath(ctx.homeRoot, row.user_name),
    USER: ctx.osUser ?? row.user_name,
    LOGNAME: ctx.osUser ?? row.user_name,
    SHELL: '/bin/bash',
    PORTAL_JOB_ID: id,
    PORTAL_USER: row.user_name,
    PORTAL_CLUSTER: ctx.clusterId,
    SLURM_JOB_ID: id,
    SLURM_JOBID: id,
    SLURM_JOB_NAME: row.name,
    SLURM_JOB_USER: row.user_name,
    SLURM_JOB_ACCOUNT: row.account,
    SLURM_JOB_PARTITION: row.partition,
    SLURM_CLUSTER_NAME: ctx.clusterId,
    SLURM_SUBMIT_DIR: row.work_dir,
    SLURM_NTASKS: String(row.cpus),
    SLURM_NPROCS: String(row.cpus),
    SLURM_JOB_NUM_NODES: String(nodeList.length),
    SLURM_NNODES: String(nodeList.length),
    SLURM_JOB_NODELIST: hosts,
    SLURM_NODELIST: hosts,
    SLURMD_NODENAME: nodeList[0] ?? '',
    SLURM_CPUS_ON_NODE: String(cpus[0] ?? row.cpus),
    SLURM_JOB_CPUS_PER_NODE: perNodeText(cpus),
    SLURM_TASKS_PER_NODE: perNodeText(cpus),
    SLURM_MEM_PER_NODE: String(row.memory_mb),
    SLURM_RESTART_COUNT: String(row.restart_count),
  });
  if (row.gpus > 0) env.SLURM_GPUS = String(row.gpus);
  return env;
};
