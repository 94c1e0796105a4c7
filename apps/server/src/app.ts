import cookie from '@fastify/cookie';
import formbody from '@fastify/formbody';
import helmet from '@fastify/helmet';
import swagger from '@fastify/swagger';
import swaggerUi from '@fastify/swagger-ui';
import websocket from '@fastify/websocket';
import Fastify, { type FastifyInstance, type FastifyServerOptions } from 'fastify';
import { allContracts } from '@portal/shared';
import { jsonSchemaTransform, serializerCompiler, validatorCompiler } from 'fastify-type-provider-zod';
import type { Config } from './config/schema.js';
import { openDatabase, type DbHandle } from './db/database.js';
import { migrateToLatest } from './db/migrate.js';
import { registerErrorHandler } from './http/error-handler.js';
import { methodOverride } from './http/method-override.js';
import { registerRequestOriginChecks } from './http/request-origin-checks.js';
import { registerJsonParser, requestLimitOptions } from './http/request-limits.js';
import { decorateRequests, RouteKit } from './http/route-kit.js';
import { inlineScriptHashes, registerWebFiles } from './http/web-files.js';
import { systemClock, type Clock } from './lib/time.js';
import { registerAccountsRoutes } from './modules/accounts/accounts.routes.js';
import { registerApplicationsRoutes } from './modules/applications/applications.routes.js';
import { registerAuditRoutes } from './modules/audit/audit.routes.js';
import { registerLoginRoutes } from './modules/auth/login.routes.js';
import { registerPasswordResetRoutes } from './modules/auth/password-reset.routes.js';
import { registerCitrixRoutes } from './modules/citrix/citrix.routes.js';
import { registerDownloadRoutes } from './modules/downloads/downloads.routes.js';
import { registerFilesRoutes } from './modules/files/files.routes.js';
import { registerHealthRoutes } from './modules/health/health.routes.js';
import { registerJobChartsRoutes } from './modules/jobs/job-charts.routes.js';
import { registerJobsRoutes } from './modules/jobs/jobs.routes.js';
import { registerJobNoticesRoutes } from './modules/job-notices/index.js';
import { registerKeysRoutes } from './modules/keys/keys.routes.js';
import { registerConsoleRoutes } from './modules/console/console.routes.js';
import { registerSettingsRoutes } from './modules/settings/settings.routes.js';
import { registerShellRoutes } from './modules/shell/shell.routes.js';
import { registerDesktopRoutes } from './modules/desktops/desktops.routes.js';
import { registerTransfersRoutes } from './modules/transfers/transfers.routes.js';
import { ensureFirstAdmin } from './modules/users/bootstrap-admin.js';
import { registerOrgRoutes } from './modules/org/org.routes.js';
import { registerQueuesRoutes } from './modules/queues/queues.routes.js';
import { registerQuotasRoutes } from './modules/quotas/quotas.routes.js';
import { registerReportFilesRoutes } from './modules/report-files/report-files.routes.js';
import { AlarmExportsService, registerAlarmExportsRoutes } from './modules/alarm-exports/index.js';
import { registerBillsRoutes } from './modules/bills/bills.routes.js';
import { registerReportsRoutes } from './modules/reports/reports.routes.js';
import { registerResourcesRoutes } from './modules/resources/resources.routes.js';
import { registerAlarmTemplatesRoutes } from './modules/alarms/alarm-templates.routes.js';
import { registerAlarmsRoutes } from './modules/alarms/alarms.routes.js';
import { registerAggregationRoutes } from './modules/alarms/aggregation/alarm-aggregation.routes.js';
import { registerNotificationsRoutes } from './modules/alarms/notifications/notices.routes.js';
import { registerMetricsRoutes } from './modules/resources/metrics.routes.js';
import { registerServicesRoutes } from './modules/resources/services.routes.js';
import { registerStorageRoutes } from './modules/resources/storage.routes.js';
import { registerEfficiencyRoutes } from './modules/reports/efficiency.routes.js';
import { registerProfileRoutes } from './modules/users/profile.routes.js';
import { registerRegistrationRoutes } from './modules/users/registration.routes.js';
import { registerUsersRoutes } from './modules/users/users.routes.js';
import { createServices, type Services } from './services.js';
import { VERSION } from './version.js';

declare module 'fastify' {
  interface FastifyInstance {
    services: Services;
    /** Set when this start created the first administrator with a generated password. */
    firstAdmin: { userName: string; password: string | null } | null;
    /** Every route registered, with the permission its contract requires (none for docs and static files). */
    routeTable: RouteEntry[];
  }
}

export interface RouteEntry {
  method: string;
  url: string;
  permission: string | undefined;
}

export interface BuildOptions {
  config: Config;
  clock?: Clock;
  logger?: FastifyServerOptions['logger'];
  webRoot?: string;
}

const loggerFor = (config: Config): FastifyServerOptions['logger'] => ({
  level: config.logLevel,
  // Query strings may carry tokens (password-reset links): log paths only, and never cookies.
  serializers: {
    req: (req: { method: string; url: string; ip?: string }) => ({ method: req.method, path: req.url.split('?')[0], ip: req.ip }),
  },
});

/** Builds the whole server: database, migrations, services, plugins and routes. */
export const buildApp = async (opts: BuildOptions): Promise<FastifyInstance> => {
  const { config } = opts;
  const clock = opts.clock ?? systemClock;
  const handle: DbHandle = await openDatabase(config);
  await migrateToLatest(handle);
  const app = Fastify({
    logger: opts.logger ?? loggerFor(config),
    trustProxy: config.server.trustProxy,
    ...requestLimitOptions,
    // Spec section 7's method override, before routing (http/method-override.ts).
    rewriteUrl: methodOverride(allContracts),
  });
  // Recorded before any plugin registers a route, so the permission test sees every one of them.
  app.decorate('routeTable', [] as RouteEntry[]);
  app.addHook('onRoute', (route) => {
    for (const method of [route.method].flat())
      app.routeTable.push({ method, url: route.url, permission: route.config?.permission });
  });
  const services = await createServices(config, handle.db, clock, handle.dialect, app.log);
  app.decorate('services', services);
  app.decorate('firstAdmin', await ensureFirstAdmin(services.usersRepo, config, clock));
  // Hooks run in reverse order of adding: kept upload writers and transfers end before the
  // clusters' connections close, and the database closes last.
  app.addHook('onClose', async () => {
    await services.clusters.stop();
    services.mailer.close();
    await handle.close();
  });
  app.addHook('onClose', () => services.uploads.close());
  // Background account synchronisations end before the clusters and the database close.
  app.addHook('preClose', () => services.accountSync.close());
  app.addHook('preClose', () => services.transfers.close());
  app.addHook('preClose', () => services.reportFiles.close());
  app.addHook('preClose', () => services.resources.availability.stop());
  app.addHook('preClose', () => services.alarms.evaluator.stop());
  app.addHook('preClose', () => services.alarms.sender.stop());

  app.setValidatorCompiler(validatorCompiler);
  app.setSerializerCompiler(serializerCompiler);
  registerErrorHandler(app);
  decorateRequests(app);
  registerRequestOriginChecks(app, config.server);

  registerJsonParser(app);
  await app.register(formbody);
  await app.register(cookie);
  await app.register(helmet, {
    contentSecurityPolicy: {
      directives: {
        defaultSrc: ["'self'"],
        // index.html's inline script (it picks the page's frame) is allowed by its hash.
        scriptSrc: ["'self'", ...inlineScriptHashes(opts.webRoot)],
        // antd writes its styles at run time.
        styleSrc: ["'self'", "'unsafe-inline'"],
        imgSrc: ["'self'", 'data:', 'blob:'],
        connectSrc: ["'self'", 'ws:', 'wss:'],
        fontSrc: ["'self'", 'data:'],
        frameAncestors: ["'self'"],
        upgradeInsecureRequests: null,
      },
    },
    crossOriginEmbedderPolicy: false,
  });
  // Shells end before the WebSocket plugin closes every socket, so their pages learn why (4503).
  app.addHook('preClose', async () => {
    services.shell.closeAll();
    services.desktops.closeAll();
  });
  // Before any route: its onRoute hook must see the WebSocket routes (the web shell).
  await app.register(websocket, { options: { maxPayload: 1024 * 1024 } });
  await app.register(swagger, {
    openapi: {
      openapi: '3.1.0',
      info: {
        title: 'HPC Portal API',
        version: VERSION,
        description: 'Every answer is the envelope {errCode, errMsg, data}; see docs/api.md.',
      },
      components: {
        securitySchemes: { session: { type: 'apiKey', in: 'cookie', name: 'portal_sid' } },
      },
    },
    transform: jsonSchemaTransform,
  });
  await app.register(swaggerUi, { routePrefix: '/api/docs' });

  const kit = new RouteKit(app, { sessions: services.sessions, audit: services.audit, clock });
  registerHealthRoutes(kit, services.health);
  registerLoginRoutes(kit, { ...services, config });
  registerPasswordResetRoutes(kit, services.passwordReset);
  registerRegistrationRoutes(kit, services.registration);
  registerProfileRoutes(kit, services.profile);
  registerConsoleRoutes(kit, services.console);
  registerUsersRoutes(kit, services.users, services.temporaryPasswords);
  registerAuditRoutes(kit, services.audit);
  registerSettingsRoutes(kit, services.settings);
  registerKeysRoutes(kit, services.keys);
  await registerDownloadRoutes(app, kit, services.downloads);
  registerJobsRoutes(kit, services.jobs, services.jobActions, () => services.jobTemplates, services.jobPreview);
  registerJobChartsRoutes(kit, services.jobCharts);
  registerJobNoticesRoutes(kit, services.jobNotices);
  registerShellRoutes(app, kit, { shell: services.shell, server: config.server });
  registerDesktopRoutes(app, kit, {
    desktops: services.desktops,
    sharing: services.desktopSharing,
    connections: services.desktopConnections,
    audit: services.audit,
    clock,
    server: config.server,
  });
  await registerFilesRoutes(app, kit, { ...services, tokens: services.fileTokens, config });
  registerTransfersRoutes(kit, services.transfers);
  registerOrgRoutes(kit, services.org);
  registerAccountsRoutes(kit, services);
  registerQueuesRoutes(kit, services.queues);
  registerResourcesRoutes(kit, services.resources);
  registerMetricsRoutes(kit, services.resources.metrics);
  registerServicesRoutes(kit, services.resources.services);
  registerStorageRoutes(kit, services.resources.storage);
  registerAlarmTemplatesRoutes(kit, services.alarms.templates);
  registerAlarmsRoutes(kit, services.alarms.alarms, services.alarms.overview);
  registerAggregationRoutes(kit, services.alarms.aggregation);
  registerNotificationsRoutes(kit, services.alarms.notices);
  registerQuotasRoutes(kit, services.quotas);
  registerApplicationsRoutes(kit, services.applications);
  registerReportsRoutes(kit, services.reports);
  registerEfficiencyRoutes(kit, services.efficiency);
  registerReportFilesRoutes(kit, services.reportFiles);
  // The alarm list as xlsx files, written by the report files' queue (docs/alarms.md).
  registerAlarmExportsRoutes(
    kit,
    new AlarmExportsService({
      files: services.reportFiles,
      alarms: services.alarms.alarms,
      zone: config.reports.timeZone,
      clock,
    }),
  );
  registerBillsRoutes(kit, services.bills);
  registerCitrixRoutes(kit, services.citrix);
  await registerWebFiles(app, opts.webRoot);
  // Transfers a previous process left running are failed, queued ones start.
  const interrupted = await services.transfers.recover();
  if (interrupted > 0) app.log.warn({ interrupted }, 'transfers interrupted by the last stop were marked failed');
  // Report files a previous process was writing are queued again; the queue starts.
  const requeued = await services.reportFiles.recover();
  if (requeued > 0) app.log.warn({ requeued }, 'report files interrupted by the last stop were queued again');
  // The alarm engine listens before the collectors' first round.
  services.alarms.evaluator.start();
  // The notification outbox's sender (docs/alarms.md "Notifications").
  services.alarms.sender.start();
  // The first snapshot of every cluster is taken before the server answers.
  await services.clusters.start();
  services.resources.availability.start();

  return app;
};
