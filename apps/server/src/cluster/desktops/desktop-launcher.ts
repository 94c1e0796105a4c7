import type { Duplex } from 'node:stream';
import type { ClusterConfig } from '../../config/cluster-schema.js';
import { posix } from 'node:path';
import { text } from 'node:stream/consumers';
import { FileAccessError, type AccessUser, type ClusterAccess, type StreamReader, type StreamTarget } from '../access/types.js';
import {
  ALIVE_DESKTOPS_SCRIPT,
  jobDesktopScript,
  PREPARE_JOB_DESKTOP_SCRIPT,
  START_DESKTOP_SCRIPT,
  STOP_DESKTOP_SCRIPT,
} from './desktop-script.js';

/*
 * DesktopLauncher (DESIGN.md section 4): TigerVNC's Xvnc started as the user on the cluster's
 * login node (ssh access) or on this host (local access), through the user's own command runner,
 * so the operating system decides what the desktop may touch; or as a scheduler job on a compute
 * node (batch-connect): the launcher prepares the session's folder and writes the job's script, the
 * caller submits it like any job, and the job says where its Xvnc listens.
 */

export interface StartDesktop {
  /** The session's folder in the user's home (passwd file, log, pid). */
  dir: string;
  name: string;
  /** WIDTHxHEIGHT. */
  resolution: string;
  /** Full control; VNC passwords are at most 8 characters. */
  password: string;
  /** View only (TigerVNC's second password). */
  viewPassword: string;
  /** An application's command line, run in the desktop as the user; '' for none. */
  app: string;
}

export interface StartedDesktop {
  pid: number;
  display: number;
  socketPath: string;
  node: string;
}

export interface RunningDesktop {
  dir: string;
  pid: number;
}

/** Where a desktop job's Xvnc listens, as the job wrote it. */
export interface JobConnection {
  host: string;
  port: number;
  display: number;
  pid: number;
}

/** Why a start failed: the node lacks a program, or Xvnc exited (the log's lines in `detail`). */
export class DesktopStartError extends Error {
  override readonly name = 'DesktopStartError';
  constructor(
    readonly reason: 'missing' | 'failed',
    message: string,
    readonly detail: string,
  ) {
    super(message);
  }
}

const START_TIMEOUT_MS = 60_000;
const SCRIPT_NAME = 'portal-desktop';

export class DesktopLauncher {
  constructor(
    private readonly access: ClusterAccess,
    private readonly config: ClusterConfig['desktops'],
  ) {}

  get enabled(): boolean {
    return this.config.enabled;
  }

  async start(user: AccessUser, o: StartDesktop): Promise<StartedDesktop> {
    const argv = [
      'sh',
      '-c',
      START_DESKTOP_SCRIPT,
      SCRIPT_NAME,
      o.dir,
      o.resolution,
      o.name,
      this.config.xvnc,
      o.app,
      ...this.config.session,
    ];
    const r = await this.access.commands.run(user.name, argv, {
      input: `${o.password}\n${o.viewPassword}\n`,
      timeoutMs: START_TIMEOUT_MS,
    });
    const lines = r.stdout.trim().split('\n');
    const last = lines.at(-1) ?? '';
    const started = /^started (\d+) (\d+) (\S+) (\S+)$/.exec(last);
    if (r.code === 0 && started) {
      return {
        pid: Number(started[1]),
        display: Number(started[2]),
        socketPath: started[3] as string,
        node: started[4] as string,
      };
    }
    const missing = /^missing (\S+)$/.exec(last);
    if (missing) throw new DesktopStartError('missing', `${missing[1]} is not installed on the node`, missing[1] as string);
    const detail = [...lines.slice(0, -1), r.stderr.trim()].filter(Boolean).join('\n').slice(-4000);
    throw new DesktopStartError('failed', `Xvnc did not start (exit ${r.code})`, detail);
  }

  /** Which of the user's desktops still run, in the order given. */
  async alive(user: AccessUser, desktops: RunningDesktop[]): Promise<boolean[]> {
    if (desktops.length === 0) return [];
    const args = desktops.flatMap((d) => [d.dir, String(d.pid)]);
    const r = await this.access.commands.run(user.name, ['sh', '-c', ALIVE_DESKTOPS_SCRIPT, SCRIPT_NAME, ...args], {
      timeoutMs: START_TIMEOUT_MS,
    });
    if (r.code !== 0) throw new Error(`desktop check failed: ${r.stderr.trim()}`);
    const answers = r.stdout.trim().split('\n');
    return desktops.map((_, i) => answers[i] === '1');
  }

  async stop(user: AccessUser, d: RunningDesktop): Promise<void> {
    await this.access.commands.run(user.name, ['sh', '-c', STOP_DESKTOP_SCRIPT, SCRIPT_NAME, d.dir, String(d.pid)], {
      timeoutMs: START_TIMEOUT_MS,
    });
  }

  /** The session's folder and passwd file for a desktop job, before it is submitted. */
  async prepareJob(user: AccessUser, o: Pick<StartDesktop, 'dir' | 'password' | 'viewPassword'>): Promise<void> {
    const r = await this.access.commands.run(user.name, ['sh', '-c', PREPARE_JOB_DESKTOP_SCRIPT, SCRIPT_NAME, o.dir], {
      input: `${o.password}\n${o.viewPassword}\n`,
      timeoutMs: START_TIMEOUT_MS,
    });
    const last = r.stdout.trim().split('\n').at(-1) ?? '';
    const missing = /^missing (\S+)$/.exec(last);
    if (missing) throw new DesktopStartError('missing', `${missing[1]} is not installed on the node`, missing[1] as string);
    if (r.code !== 0 || last !== 'ready')
      throw new DesktopStartError('failed', `the desktop's folder could not be made (exit ${r.code})`, r.stderr.trim());
  }

  /** The script of a desktop job (the passwords are already in its folder). */
  jobScript(o: Pick<StartDesktop, 'dir' | 'name' | 'resolution' | 'app'>): string {
    return jobDesktopScript([o.dir, o.resolution, o.name, this.config.xvnc, o.app, ...this.config.session]);
  }

  /** Where a desktop job's Xvnc listens, once the job has written it; null before. */
  async jobConnection(user: AccessUser, dir: string): Promise<JobConnection | null> {
    const files = await this.access.files(user);
    try {
      const line = (await text(await files.createReadStream(posix.join(dir, 'connection')))).trim();
      const m = /^(\S+) (\d+) (\d+) (\d+)$/.exec(line);
      return m ? { host: m[1] as string, port: Number(m[2]), display: Number(m[3]), pid: Number(m[4]) } : null;
    } catch (err) {
      if (err instanceof FileAccessError && err.reason === 'notFound') return null;
      throw err;
    }
  }

  /** The RFB byte stream of a running desktop, opened as its owner. */
  connect(owner: AccessUser, target: StreamTarget, reader: StreamReader): Promise<Duplex> {
    return this.access.openStream(owner, target, reader);
  }
}
