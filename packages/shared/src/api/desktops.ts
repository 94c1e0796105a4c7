import { z } from 'zod';
import { defineContract } from '../contract.js';
import { zInt, zOptionalText } from '../input.js';
import { Ok, OptionalClusterId, Timestamp } from './common.js';

/*
 * Remote desktops (spec sections 1, 3 "Desktop session", 7 "Desktop, jobs, clusters"): TigerVNC
 * started as the user, seen in the browser through noVNC over the server's WebSocket proxy. The
 * picture itself travels over a WebSocket, which contracts do not describe: its path and close
 * codes are declared here so server and page agree (docs/desktops.md tells the whole story).
 */

/** Screen sizes the start form offers; any WxH within these bounds is accepted. */
export const DESKTOP_RESOLUTIONS = ['1024x768', '1280x800', '1280x1024', '1600x900', '1920x1080'] as const;
export const DESKTOP_DEFAULT_RESOLUTION = '1280x800';
const RESOLUTION_PATTERN = /^([1-9]\d{2,3})x([1-9]\d{2,3})$/;
/** A desktop name: what the list and the browser tab show. */
export const DESKTOP_NAME_MAX = 64;
/** How long a connect ticket may be redeemed (seconds): the page asks for one right before it connects. */
export const DESKTOP_TICKET_SECONDS = 30;

export const DesktopResolution = z
  .string()
  .regex(RESOLUTION_PATTERN, 'a resolution is WIDTHxHEIGHT, e.g. 1280x800')
  .refine((r) => {
    const [, w, h] = RESOLUTION_PATTERN.exec(r) ?? [];
    return Number(w) >= 640 && Number(w) <= 3840 && Number(h) >= 480 && Number(h) <= 2160;
  }, 'a resolution lies between 640x480 and 3840x2160');

/** Printable text without control characters: the name reaches Xvnc's -desktop argument. */
const DesktopName = z
  .string()
  .trim()
  .min(1)
  .max(DESKTOP_NAME_MAX)
  .regex(/^[^\p{Cc}]+$/u, 'no control characters');

/** Where a desktop runs: on the login node, or as a scheduler job on a compute node (batch-connect). */
export const DesktopSessionType = z.enum(['login', 'job']);
export type DesktopSessionType = z.infer<typeof DesktopSessionType>;

/** A desktop job's time limit in hours: one minute (Slurm's least) to 30 days. */
export const DESKTOP_HOURS = { min: 1 / 60, max: 720, default: 1 } as const;
export const DESKTOP_CORES = { max: 1024, default: 1 } as const;

/** Start a desktop; every field may be left out (spec: `POST .../vncsession` with no body). */
export const StartDesktopBody = z
  .object({
    clusterId: OptionalClusterId,
    /** Default: "Desktop <number>". */
    name: zOptionalText(DesktopName),
    resolution: zOptionalText(DesktopResolution),
    /** Default: login. */
    sessionType: DesktopSessionType.optional(),
    /** Job desktops: the queue (default: the cluster's default queue), cores and hours. */
    queue: zOptionalText(z.string().max(64)),
    cores: zInt().pipe(z.number().int().min(1).max(DESKTOP_CORES.max)).optional(),
    hours: z.coerce.number().min(DESKTOP_HOURS.min).max(DESKTOP_HOURS.max).optional(),
    /** Job desktops: the account to charge (default: the user's default account). */
    account: zOptionalText(z.string().max(64)),
    /** A desktop application (listAppTemplates, mode desktop, enabled): its command starts in the desktop. */
    appId: zOptionalText(z.string().max(64)),
  })
  .prefault({});
export type StartDesktopBody = z.input<typeof StartDesktopBody>;

/** Spec section 3's view modes: an observer sees the screen and never reaches keyboard or mouse. */
export const DesktopViewMode = z.enum(['observation', 'interaction']);
export type DesktopViewMode = z.infer<typeof DesktopViewMode>;

/** starting: Xvnc is being started; running: it can be connected to; ended: see endReason. */
export const DesktopState = z.enum(['starting', 'running', 'ended']);
export type DesktopState = z.infer<typeof DesktopState>;

/**
 * Why a desktop ended: deleted in the portal; its Xvnc exited (logout, crash, killed); it failed to
 * start; its job reached its time limit; its job ended otherwise (cancelled outside the portal, node
 * failure).
 */
export const DesktopEndReason = z.enum(['deleted', 'exited', 'startFailed', 'timeLimit', 'jobEnded']);
export type DesktopEndReason = z.infer<typeof DesktopEndReason>;

export const DesktopShare = z.object({
  userName: z.string(),
  viewMode: DesktopViewMode,
});
export type DesktopShare = z.infer<typeof DesktopShare>;

/** A desktop session with every field of spec section 3 "Desktop session". */
export const DesktopSession = z.object({
  sessionId: z.string(),
  sessionName: z.string(),
  /** The X display number on its node (":3" is 3); null until Xvnc has one. */
  sessionNumber: z.number().int().nullable(),
  owner: z.string(),
  /** login: Xvnc on the cluster's login node over the user's SSH account (or this host, local access); job: on a compute node as a scheduler job. */
  sessionType: DesktopSessionType,
  /** Job desktops: the scheduler's job id (the job's page shows it); null for login desktops. */
  jobId: z.string().nullable(),
  /** Job desktops: the queue and the time limit asked for; null for login desktops. */
  queue: z.string().nullable(),
  timeLimitSeconds: z.number().int().nullable(),
  resolution: z.string(),
  /** Where Xvnc runs. */
  nodes: z.string(),
  createdTime: Timestamp,
  /** Who shared it with the caller; null on the caller's own desktops. */
  sharer: z.string().nullable(),
  /** The owner's shares (empty for a desktop shared with the caller). */
  shareUsers: z.array(DesktopShare),
  /** The application it was started for; null for a plain desktop. */
  appName: z.string().nullable(),
  /** The caller's mode: interaction on their own desktops, the share's mode on others'. */
  viewMode: DesktopViewMode,
  state: DesktopState,
  endReason: DesktopEndReason.nullable(),
  endedTime: Timestamp.nullable(),
  clusterId: z.string(),
  clusterName: z.string(),
  /** Who is connected now (owner's own desktops only; empty otherwise). */
  connected: z.array(z.string()),
});
export type DesktopSession = z.infer<typeof DesktopSession>;

export const DesktopSessionParams = z.object({ sessionId: z.string().regex(/^[A-Za-z0-9_-]{8,64}$/, 'not a session id') });

export const listDesktops = defineContract({
  id: 'desktops.list',
  method: 'GET',
  path: '/desktopandapp/api/vncs',
  permission: 'desktops:use',
  summary: "The caller's desktops (running first, then the last ended ones) and those shared with them",
  data: z.object({ list: z.array(DesktopSession) }),
});

export const startDesktop = defineContract({
  id: 'desktops.start',
  method: 'POST',
  path: '/desktopandapp/api/vncs/vncsession',
  permission: 'desktops:use',
  summary: 'Start a desktop (TigerVNC as the caller) on a cluster; the body may be left out',
  body: StartDesktopBody,
  data: DesktopSession,
});

export const deleteDesktop = defineContract({
  id: 'desktops.delete',
  method: 'DELETE',
  path: '/desktopandapp/api/vncs/:sessionId',
  permission: 'desktops:use',
  summary: "End one of the caller's desktops ('VNC session does not exist, deletion failed' when it is not theirs)",
  params: DesktopSessionParams,
  data: Ok,
});

/** The VNC server's log is read from its end: at most this many bytes. */
export const DESKTOP_LOG_MAX_BYTES = 64 * 1024;

export const desktopLog = defineContract({
  id: 'desktops.log',
  method: 'GET',
  path: '/desktopandapp/api/vncs/:sessionId/log',
  permission: 'desktops:use',
  summary: "The last 64 KiB of a desktop's VNC log ('Failed to get VNC log, log file does not exist')",
  params: DesktopSessionParams,
  data: z.object({ content: z.string(), truncated: z.boolean() }),
});

export const DesktopTicket = z.object({
  /** Single use, for this session and this user, valid DESKTOP_TICKET_SECONDS. */
  ticket: z.string(),
  /** The VNC password for the caller's mode: the view-only one for observers. */
  password: z.string(),
  viewMode: DesktopViewMode,
  expiresAt: Timestamp,
});
export type DesktopTicket = z.infer<typeof DesktopTicket>;

export const desktopTicket = defineContract({
  id: 'desktops.ticket',
  method: 'POST',
  path: '/desktopandapp/api/vncs/:sessionId/tickets',
  permission: 'desktops:use',
  summary: 'A short-lived ticket to connect to a running desktop of the caller or shared with them',
  params: DesktopSessionParams,
  data: DesktopTicket,
  // A ticket is not a change worth an audit line; the connection it opens is audited.
  audit: false,
});

/**
 * How a native VNC viewer reaches one of the caller's desktops: an SSH tunnel from the user's own
 * computer through the login node (login desktops listen on a private Unix socket, job desktops on
 * a compute node), then TigerVNC's viewer with a settings file that points at the tunnel's end.
 */
export const DesktopNativeAccess = z.object({
  /** The tunnel to run on the user's computer (argv; `sshCommand` is it as one line to copy). */
  sshArgs: z.array(z.string()),
  sshCommand: z.string(),
  /** The port the tunnel opens on the user's computer (localhost only). */
  localPort: z.number().int(),
  /** The desktop's VNC password. */
  password: z.string(),
  /** TigerVNC viewer settings (`vncviewer <file>`), for the download. */
  configFileName: z.string(),
  configFile: z.string(),
});
export type DesktopNativeAccess = z.infer<typeof DesktopNativeAccess>;

export const desktopNativeAccess = defineContract({
  id: 'desktops.native',
  method: 'GET',
  path: '/desktopandapp/api/vncs/:sessionId/native',
  permission: 'desktops:use',
  summary: "How to open one of the caller's running desktops in a native VNC viewer (an SSH tunnel and a .tigervnc file)",
  params: DesktopSessionParams,
  data: DesktopNativeAccess,
});

export const ShareDesktopBody = z.object({
  userName: z.string().trim().min(1).max(64),
  viewMode: DesktopViewMode,
});

export const shareDesktop = defineContract({
  id: 'desktops.share',
  method: 'POST',
  path: '/desktopandapp/api/vncs/:sessionId/shares',
  permission: 'desktops:use',
  summary: "Share one of the caller's running desktops with a user, or change that user's mode",
  params: DesktopSessionParams,
  body: ShareDesktopBody,
  data: DesktopSession,
});

export const unshareDesktop = defineContract({
  id: 'desktops.unshare',
  method: 'DELETE',
  path: '/desktopandapp/api/vncs/:sessionId/shares/:userName',
  permission: 'desktops:use',
  summary: 'Revoke a share; the user is disconnected at once',
  params: DesktopSessionParams.extend({ userName: z.string().min(1).max(64) }),
  data: DesktopSession,
});

/** Where noVNC connects (a WebSocket carrying RFB, see docs/desktops.md). */
export const desktopSocketPath = (sessionId: string, ticket: string) =>
  `/desktopandapp/api/vncs/${encodeURIComponent(sessionId)}/ws?ticket=${encodeURIComponent(ticket)}`;

/** WebSocket close codes of the desktop proxy. */
export const DesktopCloseCode = {
  /** The ticket is unknown, used, expired, or for another session or user. */
  ticketRefused: 4403,
  /** The desktop ended or cannot be reached. */
  unreachable: 4404,
  /** The owner revoked the share. */
  revoked: 4410,
  /** The observer sent something other than what a view-only RFB client may send. */
  protocol: 4400,
  /** The server is shutting down. */
  shutdown: 4503,
} as const;

/** How an application runs: in a desktop (its graphical interface), or as a batch job from a template. */
export const AppMode = z.enum(['desktop', 'batch']);
export type AppMode = z.infer<typeof AppMode>;

/** An application of spec section 9's finished portal types, as a data file describes it and an administrator set it up. */
export const AppTemplate = z.object({
  /** The finished portal type: BASE, VNC, FLUENT, ... GROMACS. */
  id: z.string(),
  name: z.object({ en: z.string(), zh: z.string() }),
  description: z.object({ en: z.string(), zh: z.string() }),
  modes: z.array(AppMode),
  /** The batch job template the submission form opens (jobs.templates), when there is one. */
  jobTemplate: z.string().nullable(),
  /** Offered to users; administrators see the disabled ones too. */
  enabled: z.boolean(),
  /** What a desktop of this application runs (as the user, beside the window manager); '' for none. */
  command: z.string(),
});
export type AppTemplate = z.infer<typeof AppTemplate>;

export const listAppTemplates = defineContract({
  id: 'desktops.appTemplates',
  method: 'GET',
  path: '/desktopandapp/api/apptemplates',
  permission: 'desktops:use',
  summary: 'The applications of the finished portal types: the enabled ones (administrators: all, with their commands)',
  data: z.object({ list: z.array(AppTemplate) }),
});

export const listAppSessions = defineContract({
  id: 'desktops.appSessions',
  method: 'GET',
  path: '/desktopandapp/api/dcvapps',
  permission: 'desktops:use',
  summary:
    "The caller's application sessions (desktops started for an application, theirs and shared with them), by cluster and application",
  query: z.object({
    clusterId: zOptionalText(z.string().max(64)),
    appId: zOptionalText(z.string().max(64)),
  }),
  data: z.object({ list: z.array(DesktopSession) }),
});

export const appConfig = defineContract({
  id: 'desktops.appConfig',
  method: 'GET',
  path: '/desktopandapp/api/appconfig',
  permission: 'desktops:use',
  summary:
    "One application's settings: how it starts, its job template, and (administrators) its command; appNotAvailable when it is not offered",
  query: z.object({ appId: z.string().trim().min(1).max(64) }),
  data: AppTemplate,
});

/** A cluster as the desktop start form needs it. */
export const DesktopCluster = z.object({
  id: z.string(),
  name: z.string(),
  /** Desktops may start here (clusters[].desktops.enabled). */
  enabled: z.boolean(),
  /** Where a desktop may run: on the login node, as a job on a compute node; empty when not enabled. */
  sessionTypes: z.array(DesktopSessionType),
  /** Desktops one user may have running here at once. */
  maxPerUser: z.number().int(),
});
export type DesktopCluster = z.infer<typeof DesktopCluster>;

export const queryDesktopClusters = defineContract({
  id: 'desktops.clusters',
  method: 'POST',
  path: '/desktopandapp/desktopandapp/queryCluster.action',
  permission: 'desktops:use',
  summary: 'The clusters and whether, and where, each starts desktops',
  data: z.array(DesktopCluster),
  audit: false,
});

/** An application's command: one line a POSIX shell runs in the desktop. */
export const APP_COMMAND_MAX = 1024;

export const UpdateAppTemplateBody = z.object({
  enabled: z.boolean(),
  command: z
    .string()
    .trim()
    .max(APP_COMMAND_MAX)
    .regex(/^[^\r\n\0]*$/, 'one line')
    .optional(),
});

export const updateAppTemplate = defineContract({
  id: 'desktops.updateAppTemplate',
  method: 'PUT',
  path: '/desktopandapp/api/apptemplates/:appId',
  permission: 'system:config',
  summary: 'Enable or disable an application for the centre and set the command its desktops run',
  params: z.object({ appId: z.string().min(1).max(64) }),
  body: UpdateAppTemplateBody,
  data: AppTemplate,
});
