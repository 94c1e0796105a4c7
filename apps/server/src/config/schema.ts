import { isTimeZone } from '../lib/zone-days.js';
import { z } from 'zod';
import { PASSWORD_STRENGTHS, SystemVersionType } from '@portal/shared';
import { CitrixSchema } from './citrix-schema.js';
import { ClusterSchema } from './cluster-schema.js';

/*
 * The one configuration schema (a cluster's part is in cluster-schema.ts). Defaults are the
 * embedded mode: loopback:8080, SQLite under ./data, registration on. docs/configuration.md is
 * generated from it (npm run docs:generate), so every key carries a description.
 */

const server = z
  .object({
    host: z.string().default('127.0.0.1').describe('Listen address. Env: PORTAL_HOST.'),
    port: z.number().int().min(0).max(65535).default(8080).describe('Listen port. Env: PORTAL_PORT.'),
    trustProxy: z
      .boolean()
      .default(false)
      .describe('Trust X-Forwarded-* headers from a reverse proxy (client IP in the audit log, https detection).'),
    secureCookies: z
      .enum(['auto', 'always', 'never'])
      .default('auto')
      .describe("Secure flag on cookies: 'auto' sets it when the request came over https."),
    publicUrl: z
      .string()
      .url()
      .optional()
      .describe('URL users reach the portal at; used in mails (password reset). Default: derived from the request.'),
    trustedOrigins: z
      .array(z.url({ protocol: /^https?$/ }))
      .default([])
      .describe(
        "Other origins (scheme://host[:port]) whose pages may make state-changing calls, such as a site that embeds a sign-in form. Every other origin's browser requests are refused (docs/api.md); server.publicUrl counts as trusted.",
      ),
    allowRemoteLocalAccess: z
      .boolean()
      .default(false)
      .describe(
        "Allow a non-loopback host while a cluster uses access mode 'local'. In that mode (unless the server runs as root, which gives each user their own POSIX account) every portal user acts as the server's own OS account, so by default the server refuses to listen beyond loopback.",
      ),
  })
  .strict()
  .prefault({});

const database = z
  .object({
    url: z
      .string()
      .optional()
      .describe(
        'postgres://user@host:port/db switches to PostgreSQL; otherwise SQLite at <dataDir>/portal.db. Env: DATABASE_URL.',
      ),
    schema: z
      .string()
      .regex(/^[a-z_][a-z0-9_]*$/)
      .optional()
      .describe('PostgreSQL schema to use (created when missing). Default: public.'),
  })
  .strict()
  .prefault({});

const admin = z
  .object({
    user: z
      .string()
      .default('admin')
      .describe('First administrator, created only while the database has none. Env: PORTAL_ADMIN_USER.'),
    password: z
      .string()
      .min(8)
      .optional()
      .describe('Its password. When absent a random one is printed once at first start. Env: PORTAL_ADMIN_PASSWORD.'),
  })
  .strict()
  .prefault({});

const auth = z
  .object({
    registrationEnabled: z
      .boolean()
      .default(true)
      .describe('Whether people can register themselves (an administrator still approves them).'),
    passwordStrength: z
      .enum(PASSWORD_STRENGTHS)
      .default('middle')
      .describe(
        'Required strength of new passwords: low (4-32, one kind), middle (6-32, two kinds), high (10-32, letters, digits and symbols).',
      ),
    maxFailures: z.number().int().min(1).default(5).describe('Failed sign-ins in a row that lock a user.'),
    lockMinutes: z.number().int().min(1).default(15).describe('How long a lock lasts.'),
    captchaAfterFailures: z
      .number()
      .int()
      .min(0)
      .default(2)
      .describe('Failed sign-ins (per user name or per client address) after which a captcha is required; 0 = always.'),
    lookupsPerMinute: z
      .number()
      .int()
      .min(1)
      .default(60)
      .describe(
        'Anonymous look-ups (checkUserIsExist, checkCodeRegister) one client address may make per minute; more are answered 429.',
      ),
    signUpsPerHour: z
      .number()
      .int()
      .min(1)
      .default(30)
      .describe('Registrations (registerUser) one client address may send per hour; more are answered 429.'),
    sessionIdleMinutes: z.number().int().min(1).default(120).describe('A session ends after this long without requests.'),
    sessionMaxHours: z.number().int().min(1).default(12).describe('A session ends this long after sign-in in any case.'),
    resetTokenMinutes: z.number().int().min(5).default(30).describe('Validity of a password-reset link.'),
  })
  .strict()
  .prefault({});

const smtp = z
  .object({
    host: z.string().describe('SMTP server.'),
    port: z.number().int().min(1).max(65535).default(587).describe('SMTP port.'),
    secure: z.boolean().default(false).describe('TLS from the start (port 465); otherwise STARTTLS when offered.'),
    user: z.string().optional().describe('SMTP user name.'),
    password: z.string().optional().describe('SMTP password.'),
    from: z.string().describe('Sender address, e.g. "HPC Portal <portal@example.org>".'),
    rejectUnauthorized: z.boolean().default(true).describe('Refuse SMTP servers with an invalid certificate.'),
  })
  .strict();

const mail = z
  .object({ smtp: smtp.optional().describe('Outgoing mail; password reset is offered only when set.') })
  .strict()
  .prefault({});

const ui = z
  .object({
    refreshInterval: z
      .number()
      .int()
      .min(20)
      .max(1200)
      .default(30)
      .describe('Seconds between refreshes of live data; administrators can change it at run time.'),
    systemVersion: z.string().default('HPC Portal V0.1.0.2026').describe('Version text shown in the about dialog.'),
    systemVersionType: SystemVersionType.default('HPC').describe('IndustrialCloud, HPC, Standard or DataCenter.'),
    efileUrl: z.string().default('').describe('Address of the file service (E-File).'),
    transfer: z.boolean().default(false).describe('Offer across-center transfer.'),
    hybridService: z.boolean().default(false).describe('Hybrid service mode (AI service link for users).'),
    goldEnable: z.boolean().default(false).describe('Accounting in "gold" (billing) mode.'),
    storageSwitch: z.boolean().default(false).describe('Show storage features.'),
  })
  .strict()
  .prefault({});

const branding = z
  .object({
    title: z.string().default('HPC Portal').describe('Product title (browser tab, header, sign-in page).'),
    aboutText1: z
      .string()
      .default('HPC Portal is a web console for high-performance computing centres.')
      .describe('First paragraph of the about dialog.'),
    aboutText2: z
      .string()
      .default('Jobs, desktops, shells, files, monitoring, alarms, accounts and billing in one place.')
      .describe('Second paragraph of the about dialog.'),
    copyright: z
      .string()
      .default('© 2026 HPC Portal contributors')
      .describe('Copyright line under the sign-in form and in the about dialog.'),
    logoUrl: z.string().default('').describe('Logo image URL; empty uses the built-in logo.'),
  })
  .strict()
  .prefault({});

const license = z
  .object({
    file: z.string().optional().describe('Signed licence file; without one the portal runs as a free trial.'),
    publicKey: z.string().optional().describe("PEM public key that verifies licence signatures (default: the project's own)."),
    trialDays: z.number().int().min(0).default(90).describe('Length of the free trial, counted from the first start.'),
    trialNodes: z.number().int().min(0).default(16).describe('Node count of the free trial.'),
  })
  .strict()
  .prefault({});

const shell = z
  .object({
    graceSeconds: z
      .number()
      .int()
      .min(1)
      .max(3600)
      .default(60)
      .describe('How long a web shell whose page lost its connection waits for the page to come back before it is closed.'),
    maxPerUser: z.number().int().min(1).max(100).default(5).describe('Web shells one user may have open at the same time.'),
    bufferKB: z
      .number()
      .int()
      .min(16)
      .max(16384)
      .default(256)
      .describe('Most recent output (KiB) each web shell keeps for a page that attaches again after a drop.'),
    heartbeatSeconds: z
      .number()
      .int()
      .min(1)
      .max(300)
      .default(25)
      .describe('Seconds between WebSocket pings of a web shell; keep it below the idle timeout of proxies in between.'),
  })
  .strict()
  .prefault({});

/** Bounds on the commands and channels users start on the clusters (cluster/access/command-limiter.ts). */
const commands = z
  .object({
    maxPerUser: z
      .number()
      .int()
      .min(2)
      .max(1000)
      .default(8)
      .describe(
        'Commands and channels one user may have running on the clusters at once (listings, searches, copies, deletions, downloads, upload writers, scheduler commands); more wait in line.',
      ),
    maxTotal: z
      .number()
      .int()
      .min(2)
      .max(10000)
      .default(64)
      .describe('Commands and channels of all users (and the portal itself) running at once; more wait in line.'),
    maxWaitingPerUser: z
      .number()
      .int()
      .min(0)
      .max(10000)
      .default(32)
      .describe('Requests of one user that may wait in line for a place; past it they are answered "busy, retry" (503).'),
    maxWaiting: z
      .number()
      .int()
      .min(0)
      .max(100000)
      .default(256)
      .describe('Requests of all users that may wait in line; past it they are answered "busy, retry" (503).'),
    waitSeconds: z
      .number()
      .int()
      .min(1)
      .max(600)
      .default(30)
      .describe('How long a request waits in line for a place before it is answered "busy, retry" (503).'),
  })
  .strict()
  .prefault({});

/** Usage reports (docs/reports.md). */
const reports = z
  .object({
    timeZone: z
      .string()
      .refine(isTimeZone, { message: 'not a time zone name known to this runtime (IANA, e.g. Asia/Shanghai or UTC)' })
      .default('UTC')
      .describe(
        'IANA time zone whose calendar days the usage reports count in (a job counts on the day it ended there). Changing it recounts the rollups from the jobs at the next start.',
      ),
  })
  .strict()
  .prefault({});

/** Bills and balances (docs/bills.md). */
const billing = z
  .object({
    balances: z
      .boolean()
      .default(false)
      .describe(
        "Bill in money: each finished job charges its account's balance when accounting ingests it, and an account whose balance is not above zero cannot submit jobs.",
      ),
    currency: z
      .string()
      .regex(/^[A-Z]{3}$/, 'an ISO 4217 currency code (three capital letters)')
      .default('CNY')
      .describe('The currency of prices, bills and balances (ISO 4217 code).'),
  })
  .strict()
  .prefault({});

/** The assets' addresses checked in the background (docs/resources.md, "Availability"). */
const availability = z
  .object({
    intervalSeconds: z.number().int().min(1).max(86_400).default(60).describe('How often every asset address is checked.'),
    timeoutSeconds: z.number().int().min(1).max(60).default(3).describe('How long one check waits for an answer.'),
    parallel: z.number().int().min(1).max(256).default(32).describe('How many addresses are checked at the same time.'),
    networkPort: z
      .number()
      .int()
      .min(1)
      .max(65535)
      .default(22)
      .describe(
        'The TCP port asked on management and compute addresses: a host that accepts or refuses the connection is on the network (no ICMP needed).',
      ),
  })
  .strict()
  .prefault({});

/** Alarm notifications: the outbox sender and the SMS gateway (docs/alarms.md "Notifications"). */
const notifications = z
  .object({
    sms: z
      .object({
        url: z
          .url({ protocol: /^https?$/ })
          .describe(
            "SMS gateway: each text message is POSTed here as JSON {to: [phone numbers], text, id}, id the notice's idempotency key (the same on every retry); a 2xx answer counts as sent.",
          ),
        authorization: z
          .string()
          .optional()
          .describe('Value of the Authorization header sent to the gateway, e.g. "Bearer <token>".'),
        timeoutSeconds: z.number().int().min(1).max(300).default(15).describe('Seconds a gateway call may take.'),
      })
      .strict()
      .optional()
      .describe('Text messages; without it SMS notices fail with "SMS is not configured".'),
    pollSeconds: z.number().int().min(1).max(3600).default(10).describe('Seconds between two looks of the sender at the outbox.'),
    maxAttempts: z.number().int().min(1).max(100).default(6).describe('Attempts of one notice before it is marked failed.'),
    backoffSeconds: z
      .number()
      .int()
      .min(1)
      .max(86400)
      .default(30)
      .describe('Wait before the second attempt; it doubles with every further attempt (at most a day).'),
    leaseSeconds: z
      .number()
      .int()
      .min(10)
      .max(86400)
      .default(300)
      .describe('How long a notice being sent is held; one a crashed sender held is tried again after it.'),
  })
  .strict()
  .prefault({});

export const ConfigSchema = z
  .object({
    server,
    dataDir: z.string().default('./data').describe('Where SQLite, keys and downloads live. Env: PORTAL_DATA_DIR.'),
    database,
    admin,
    auth,
    mail,
    notifications: notifications.describe('Alarm notifications by mail and SMS (docs/alarms.md).'),
    ui,
    branding,
    license,
    clusters: z
      .array(ClusterSchema)
      .min(1)
      .prefault([{ id: 'local', name: 'Local cluster' }])
      .describe('Clusters the portal manages.'),
    shell: shell.describe('The web shell (WebShell).'),
    commands: commands.describe('How many commands and channels users may run on the clusters at once.'),
    reports: reports.describe('Usage reports.'),
    billing: billing.describe('Bills and balances.'),
    availability: availability.describe("Availability of the assets' IPMI, management and compute addresses."),
    citrix: CitrixSchema.describe('Citrix StoreFront: published desktops and applications (docs/citrix.md).'),
    logLevel: z.enum(['fatal', 'error', 'warn', 'info', 'debug', 'trace', 'silent']).default('info').describe('Log level.'),
  })
  .strict();

export type Config = z.infer<typeof ConfigSchema>;
export type ConfigInput = z.input<typeof ConfigSchema>;
