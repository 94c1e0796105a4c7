import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { localAccessFacts } from './cluster/access/local-access-facts.js';
import { createClusterRegistry } from './cluster/create-registry.js';
import type { Config } from './config/schema.js';
import type { Dialect } from './db/database.js';
import type { Database } from './db/types.js';
import type { Logger } from './lib/logger.js';
import { loadMasterKey } from './lib/master-key.js';
import type { Clock } from './lib/time.js';
import { zoneDays } from './lib/zone-days.js';
import { AccountMembersService } from './modules/accounts/account-members.service.js';
import { ApplicationsRepository } from './modules/applications/applications.repository.js';
import { ApplicationsService } from './modules/applications/applications.service.js';
import { AccountSyncService } from './modules/accounts/account-sync.service.js';
import { AccountsRepository } from './modules/accounts/accounts.repository.js';
import { AccountsService } from './modules/accounts/accounts.service.js';
import { UserAccountsService } from './modules/accounts/user-accounts.service.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { AuditService } from './modules/audit/audit.service.js';
import { CaptchaRepository } from './modules/auth/captcha.repository.js';
import { CaptchaService } from './modules/auth/captcha.service.js';
import { LoginPageService } from './modules/auth/login-page.service.js';
import { LoginService } from './modules/auth/login.service.js';
import { RateLimiter } from './modules/auth/rate-limit.service.js';
import { SignInGate } from './modules/auth/sign-in-gate.js';
import { PasswordResetService } from './modules/auth/password-reset.service.js';
import { PasswordResetsRepository } from './modules/auth/password-resets.repository.js';
import { SessionsRepository } from './modules/auth/sessions.repository.js';
import { SessionsService } from './modules/auth/sessions.service.js';
import { ThrottleRepository } from './modules/auth/throttle.repository.js';
import { ThrottleService } from './modules/auth/throttle.service.js';
import { FilesService } from './modules/files/files.service.js';
import { UploadsRepository } from './modules/files/uploads.repository.js';
import { UploadsService } from './modules/files/uploads.service.js';
import { UserAuthTokensRepository } from './modules/files/user-auth-tokens.repository.js';
import { UserAuthTokensService } from './modules/files/user-auth-tokens.service.js';
import { CitrixService } from './modules/citrix/citrix.service.js';
import { createDesktops } from './modules/desktops/create-desktops.js';
import { createResources } from './modules/resources/create-resources.js';
import { createAlarms } from './modules/alarms/create-alarms.js';
import { DownloadsService } from './modules/downloads/downloads.service.js';
import { HealthRepository } from './modules/health/health.repository.js';
import { HealthService } from './modules/health/health.service.js';
import { JobActionsService } from './modules/jobs/job-actions.service.js';
import { JobPreviewService, PREVIEW_LIMIT } from './modules/jobs/job-preview.service.js';
import { loadJobTemplates, SHIPPED_TEMPLATES } from './modules/jobs/job-templates.js';
import { JobChartsService } from './modules/jobs/job-charts.service.js';
import { JobsRepository } from './modules/jobs/jobs.repository.js';
import { JobNoticesRepository, JobNoticesService } from './modules/job-notices/index.js';
import { ensureDailyRollups } from './modules/jobs/usage-daily-rebuild.js';
import { SubmissionsRepository } from './modules/jobs/submissions.repository.js';
import { JobsService } from './modules/jobs/jobs.service.js';
import { KeysRepository } from './modules/keys/keys.repository.js';
import { KeysService } from './modules/keys/keys.service.js';
import { LicenseService } from './modules/license/license.service.js';
import { Mailer } from './modules/mail/mailer.js';
import { ConsoleService } from './modules/console/console.service.js';
import { SettingsRepository } from './modules/settings/settings.repository.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { ShellRegistry } from './modules/shell/shell-registry.js';
import { ShellService } from './modules/shell/shell.service.js';
import { TransfersRepository } from './modules/transfers/transfers.repository.js';
import { TransfersService } from './modules/transfers/transfers.service.js';
import { OrgRepository } from './modules/org/org.repository.js';
import { OrgService } from './modules/org/org.service.js';
import { QueuesService } from './modules/queues/queues.service.js';
import { ActiveUsage } from './modules/quotas/active-usage.js';
import { QuotaCheck } from './modules/quotas/quota-check.js';
import { QuotasRepository } from './modules/quotas/quotas.repository.js';
import { QuotasService } from './modules/quotas/quotas.service.js';
import { RunLimitsCache } from './modules/quotas/run-limits-cache.js';
import { ReportFilesRepository } from './modules/report-files/report-files.repository.js';
import { ReportFilesService } from './modules/report-files/report-files.service.js';
import { BillsRepository } from './modules/bills/bills.repository.js';
import { jobCost } from './modules/bills/index.js';
import { BillsService } from './modules/bills/bills.service.js';
import { chargeJobs } from './modules/bills/index.js';
import { AppError } from './lib/app-error.js';
import { ReportsRepository } from './modules/reports/reports.repository.js';
import { ReportsService } from './modules/reports/reports.service.js';
import { EfficiencyService } from './modules/reports/efficiency.service.js';
import { efficiencySums } from './modules/reports/efficiency.repository.js';
import { ProfileService } from './modules/users/profile.service.js';
import { UserProvisioner } from './modules/users/provisioner.js';
import { RegistrationService } from './modules/users/registration.service.js';
import { UserDirectory } from './modules/users/user-directory.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { TemporaryPasswordService } from './modules/users/temporary-password.service.js';
import { UsersService } from './modules/users/users.service.js';
import { VERSION } from './version.js';

/**
 * Every service, wired once: the one place that knows every module. Modules reach each other
 * only through what is passed in here (typed by the other module's index.ts); routes are given
 * their own module's services by app.ts.
 */
export const createServices = async (config: Config, db: Kysely<Database>, clock: Clock, dialect: Dialect, log: Logger) => {
  const audit = new AuditService(new AuditRepository(db));
  const settings = new SettingsService(new SettingsRepository(db), clock, config);
  const mailer = new Mailer(config.mail);
  const installedAt = Number(await settings.getOrInit('installed_at', () => String(clock.now())));
  const license = new LicenseService(config, clock, installedAt);

  const sessions = new SessionsService(new SessionsRepository(db), clock, config.auth);
  const throttle = new ThrottleService(new ThrottleRepository(db), clock, config.auth);
  const captcha = new CaptchaService(new CaptchaRepository(db), clock);
  const usersRepo = new UsersRepository(db, dialect);
  const directory = new UserDirectory(usersRepo);
  // Importing or deleting a key installs the user's keys on every cluster (the provisioner, below).
  const masterKey = loadMasterKey(config.dataDir);
  const keys: KeysService = new KeysService(new KeysRepository(db), clock, masterKey, (user, revoked) =>
    provisioner.provision(user, revoked),
  );

  // Reports count whole days of the configured zone; the daily rollups are (re)counted in it before ingest starts.
  const reportDays = zoneDays(config.reports.timeZone);
  await ensureDailyRollups(db, dialect, reportDays, clock, log);
  // Job-end notices (docs/alarms.md): their mail joins the outbox in the ingest's transaction.
  const jobNotices = new JobNoticesService(new JobNoticesRepository(db), clock);
  // Balances (docs/bills.md): each ingested job charges its account inside the ingest's transaction.
  const jobsRepo = new JobsRepository(db, reportDays, async (trx, rows, added) => {
    if (config.billing.balances) await chargeJobs(trx, reportDays, rows, clock.now());
    await jobNotices.onJobsStored(trx, added);
  });
  // The quotas' running-job limits, read before the built-in scheduler's first pass.
  const quotasRepo = new QuotasRepository(db);
  const runLimits = new RunLimitsCache(quotasRepo, clock, log);
  await runLimits.reload();
  const clusters = createClusterRegistry(config, {
    db,
    clock,
    log,
    accounting: jobsRepo,
    runLimits,
    refreshIntervalSeconds: async () => (await settings.get()).refreshInterval,
    // ssh mode signs in to the login nodes with the user's portal-made key.
    privateKeyOf: async (userName) => {
      const user = await directory.findByName(userName);
      if (!user) throw new Error(`no portal user ${userName}`);
      return keys.exportPrivateKey(user.id, user.user_name);
    },
  });
  const provisioner = new UserProvisioner({
    clusters,
    publicKeysOf: (userId) => keys.publicKeyLines(userId),
    audit,
    clock,
    log,
  });

  // Companies, departments and accounts; every change to accounts is synchronised into the
  // schedulers in the background (accountsChanged: tests replace the method to watch it).
  const org = new OrgService(new OrgRepository(db), clock, () => accountsChanged());
  const accountsRepo = new AccountsRepository(db);
  const accountSync = new AccountSyncService(accountsRepo, org, clusters, log, () => quotas.associationLimits());
  const accountsChanged = () => accountSync.schedule();
  const accounts = new AccountsService(accountsRepo, directory, org, clock, accountsChanged);
  const accountMembers = new AccountMembersService(accountsRepo, accounts, directory, clock, accountsChanged);
  const userAccounts = new UserAccountsService(accountsRepo, directory, org);
  // Quotas: a change reaches Slurm with the account synchronisation and the built-in scheduler through its limits.
  const activeUsage = new ActiveUsage(clusters, clock);
  const quotaCheck = new QuotaCheck(quotasRepo, activeUsage);
  const previewLimiter = new RateLimiter(clock);
  const quotas = new QuotasService(quotasRepo, directory, activeUsage, clock, async () => {
    accountSync.schedule();
    await runLimits.reload();
  });

  const queues = new QueuesService(clusters, userAccounts);
  const reportsRepo = new ReportsRepository(db);
  const reports = new ReportsService((where, by) => reportsRepo.sums(where, by), reportDays, userAccounts);
  const billsRepo = new BillsRepository(db);
  const bills = new BillsService(billsRepo, reportDays, userAccounts, clock, config.billing);

  const submissions = new SubmissionsRepository(db);
  const jobs = new JobsService(clusters, jobsRepo, submissions, clock);
  const files = new FilesService((clusterId) => {
    const { config: cluster, access } = clusters.get(clusterId);
    return { clusterId: cluster.id, access, roots: cluster.access.roots };
  });

  // The About dialog's node count, from the shared snapshots: no extra scheduler call; a cluster that does not answer counts nothing.
  const nodeCount = () => {
    const ok = clusters.all().flatMap((c) => {
      const r = c.snapshot.read();
      return r.ok ? [r.snapshot.info.nodes.length] : [];
    });
    return ok.length === 0 ? null : ok.reduce((a, b) => a + b, 0);
  };
  const jobActions = new JobActionsService(
    clusters,
    jobs,
    submissions,
    clock,
    (user, requested) => userAccounts.submissionAccount(user, requested),
    // An account without balance is refused first (balances on), then the quotas are checked.
    async (user, account, job) => {
      await bills.checkBalance(account);
      await quotaCheck.check(user, account, job);
    },
  );
  return {
    config,
    db,
    clock,
    audit,
    settings,
    mailer,
    license,
    sessions,
    throttle,
    captcha,
    usersRepo,
    keys,
    clusters,
    provisioner,
    downloads: new DownloadsService(config.dataDir),
    // Citrix StoreFront sessions live in this process (docs/citrix.md).
    citrix: new CitrixService({ config: config.citrix, clock, log }),
    health: new HealthService(new HealthRepository(db), VERSION),
    console: new ConsoleService(
      config,
      settings,
      sessions,
      license,
      clock,
      nodeCount,
      localAccessFacts(config.clusters),
      (userId) => userAccounts.sessionAccountStatus(userId),
      async (userId) => (await userAccounts.accountsOf(userId)).names.length > 0,
    ),
    login: new LoginService(directory, sessions, throttle, captcha, clock, new SignInGate()),
    loginPage: new LoginPageService(config, settings, mailer),
    passwordReset: new PasswordResetService(
      new PasswordResetsRepository(db),
      directory,
      sessions,
      throttle,
      settings,
      mailer,
      clock,
      config,
    ),
    registration: new RegistrationService(usersRepo, captcha, settings, clock, new RateLimiter(clock), config.auth),
    profile: new ProfileService(usersRepo, sessions, settings, clock, userAccounts),
    users: new UsersService(usersRepo, sessions, throttle, keys, clock, (user) => provisioner.provision(user), userAccounts),
    org,
    accounts,
    accountMembers,
    userAccounts,
    accountSync,
    temporaryPasswords: new TemporaryPasswordService(usersRepo, sessions, throttle, settings, clock),
    jobs,
    /** Ingest's store (tests and the bench feed it as the clusters' accounting does). */
    jobsRepo,
    jobActions,
    jobNotices,
    jobPreview: new JobPreviewService(
      clusters,
      (user, requested) => userAccounts.submissionAccount(user, requested),
      // The submit's order: an account without balance first, then the quotas.
      async (user, account, job) => {
        const figures = await quotaCheck.figures(user, account, job);
        const noBalance = await bills.checkBalance(account).then(
          () => null,
          (e: unknown) => (e instanceof AppError ? e : Promise.reject(e)),
        );
        return { figures, refusal: noBalance ?? QuotaCheck.refusalOf(figures) };
      },
      (userName) => previewLimiter.take('jobs.preview', userName, PREVIEW_LIMIT),
      (job) =>
        jobCost(
          {
            prices: () => billsRepo.prices.allPrices(),
            classes: () => billsRepo.prices.classes(),
            days: reportDays,
            currency: config.billing.currency,
          },
          job,
        ),
      clock,
    ),
    jobCharts: new JobChartsService(clusters, jobsRepo, clock, async (userId) => (await userAccounts.accountsOf(userId)).names),
    queues,
    quotas,
    quotaCheck,
    bills,
    reports,
    efficiency: new EfficiencyService(reports, (where) => efficiencySums(db, reportDays, where)),
    // Usage reports as files, written in the background from the same rows (docs/reports.md).
    reportFiles: new ReportFilesService({
      repo: new ReportFilesRepository(db),
      reports,
      days: reportDays,
      dataDir: config.dataDir,
      clock,
      log,
    }),
    applications: new ApplicationsService({
      repo: new ApplicationsRepository(db),
      clusters,
      queues,
      clock,
      goldEnabled: () => config.ui.goldEnable,
      // An approval that raised a quota reaches the schedulers as an administrator's change does.
      accountsChanged: () =>
        void quotas.written().catch((err: unknown) => log.warn({ err }, 'a raised quota did not reach the schedulers')),
    }),
    jobTemplates: loadJobTemplates([SHIPPED_TEMPLATES, join(resolve(config.dataDir), 'templates')], log),
    files,
    uploads: new UploadsService(new UploadsRepository(db), files, clock),
    fileTokens: new UserAuthTokensService(new UserAuthTokensRepository(db), clock, directory, sessions),
    transfers: new TransfersService({
      repo: new TransfersRepository(db),
      files,
      clock,
      enabled: () => config.ui.transfer,
      clusterIds: () => clusters.all().map((c) => c.config.id),
      log,
    }),
    // Web shells live in this process (docs/shell.md).
    shell: new ShellService(
      new ShellRegistry({
        graceMs: config.shell.graceSeconds * 1000,
        heartbeatMs: config.shell.heartbeatSeconds * 1000,
        bufferBytes: config.shell.bufferKB * 1024,
        maxPerUser: config.shell.maxPerUser,
      }),
      clusters,
    ),
    ...createDesktops({
      db,
      clusters,
      users: directory,
      masterKey,
      submitJob: (auth, r) => jobActions.submit(auth, r),
      templatesDir: SHIPPED_TEMPLATES,
      dataDir: config.dataDir,
      clock,
      log,
    }),
    // The inventory, the nodes kept in step with the schedulers, node power (docs/resources.md).
    resources: createResources({
      db,
      clusters,
      masterKey,
      clock,
      log,
      availability: config.availability,
      pingDatabase: () => new HealthRepository(db).ping(),
    }),
    alarms: createAlarms({
      db,
      dialect,
      clusters,
      clock,
      log,
      days: reportDays,
      mailer,
      notifications: config.notifications,
    }),
  };
};

export type Services = Awaited<ReturnType<typeof createServices>>;
