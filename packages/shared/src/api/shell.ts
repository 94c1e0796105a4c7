import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zInt, zOptionalText } from '../input.js';
import { OptionalClusterId } from './common.js';
import { FilePath } from './files.js';

/*
 * The web shell (WebShell, spec sections 1 and 2). Opening a shell is a contract; the terminal
 * itself travels over a WebSocket, which contracts do not describe: its protocol is declared here
 * so server and page read the same messages (docs/shell.md tells the whole story).
 */

/** Terminal size limits: what a real screen can show, and small enough that a pty accepts it. */
export const SHELL_COLS = { min: 10, max: 1000 } as const;
export const SHELL_ROWS = { min: 2, max: 500 } as const;

const cols = zInt().pipe(z.number().int().min(SHELL_COLS.min).max(SHELL_COLS.max));
const rows = zInt().pipe(z.number().int().min(SHELL_ROWS.min).max(SHELL_ROWS.max));

export const OpenShellBody = z.object({
  /** The cluster to open the shell on; default: the first configured one. */
  clusterId: OptionalClusterId,
  /** Folder to start in (absolute); it must lie inside the user's allowed roots. */
  cwd: zOptionalText(FilePath),
  cols,
  rows,
});
export type OpenShellBody = z.input<typeof OpenShellBody>;

export const ShellSessionInfo = z.object({
  /** Opaque id; only the user who opened the shell can attach to it. */
  sessionId: z.string(),
  clusterId: z.string(),
  clusterName: z.string(),
  /** The POSIX account the shell runs as (the page title shows user@cluster). */
  userName: z.string(),
  /** How long the shell waits for the page to attach again after its WebSocket dropped. */
  graceSeconds: z.number().int(),
});
export type ShellSessionInfo = z.infer<typeof ShellSessionInfo>;

export const openShell = defineContract({
  id: 'shell.openSession',
  method: 'POST',
  path: '/eshell/api/sessions',
  permission: 'shell:open',
  summary: 'Open an interactive shell on a cluster as the signed-in user; attach to it over the WebSocket',
  body: OpenShellBody,
  data: ShellSessionInfo,
});

/** Where the page attaches to a shell (a WebSocket, see docs/shell.md); `offset` = output bytes already shown. */
export const shellSocketPath = (sessionId: string, offset = 0) =>
  `/eshell/api/sessions/${encodeURIComponent(sessionId)}/ws${offset > 0 ? `?offset=${offset}` : ''}`;

/** Text frames from the page. Binary frames carry keystrokes. */
export const ShellClientMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('resize'), cols, rows }),
  z.object({ type: z.literal('ping') }),
]);
export type ShellClientMessage = z.infer<typeof ShellClientMessage>;

/** Text frames from the server. Binary frames carry terminal output. */
export const ShellServerMessage = z.discriminatedUnion('type', [
  z.object({ type: z.literal('pong') }),
  /** The shell ended; the socket closes after this. `code` is null when a signal ended it. */
  z.object({ type: z.literal('exit'), code: z.number().int().nullable() }),
]);
export type ShellServerMessage = z.infer<typeof ShellServerMessage>;

/** WebSocket close codes the server uses besides 1000 (normal, after `exit`). */
export const ShellCloseCode = {
  /** The portal session is gone (signed out or expired). */
  signedOut: 4401,
  /** No shell with this id for this user (never opened, ended, or its grace period ran out). */
  notFound: 4404,
  /** Another connection attached to the same shell; this one is no longer used. */
  replaced: 4409,
  /** The server is shutting down. */
  shutdown: 4503,
} as const;
