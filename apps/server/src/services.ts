import { join, resolve } from 'node:path';
import type { FastifyBaseLogger } from 'fastify';
import type { Kysely } from 'kysely';
import { createClusterAccessMap } from './cluster/access/create-access.js';
import { UserProvisioner } from './cluster/access/provisioner.js';
import type { ClusterAccess } from './cluster/access/types.js';
import { schedulerFactory } from './cluster/scheduler/create-adapter.js';
import type { Config } from './config/schema.js';
import type { Dialect } from './db/database.js';
import type { Database } from './db/types.js';
import type { Clock } from './lib/time.js';
import { loadMasterKey } from './lib/master-key.js';
import { AuditRepository } from './modules/audit/audit.repository.js';
import { CaptchaService } from './modules/auth/captcha.service.js';
import { LoginService } from './modules/auth/login.service.js';
import { PasswordResetService } from './modules/auth/password-reset.service.js';
import { SessionsService } from './modules/auth/sessions.service.js';
import { ThrottleService } from './modules/auth/throttle.service.js';
import { createClusters, type AdapterFactory } from './modules/jobs/create-clusters.js';
import { JobActionsService } from './modules/jobs/job-actions.service.js';
import { loadJobTemplates, SHIPPED_TEMPLATES } from './modules/jobs/job-templates.js';
import { JobViewService } from './modules/jobs/job-view.service.js';
import { JobsRepository } from './modules/jobs/jobs.repository.js';
import { JobsService } from './modules/jobs/jobs.service.js';
import { KeysService } from './modules/keys/keys.service.js';
import { LicenseService } from './modules/license/license.service.js';
import { Mailer } from './modules/mail/mailer.js';
import { SettingsService } from './modules/settings/settings.service.js';
import { ShellRegistry } from './modules/shell/shell-registry.js';
import { ProfileService } from './modules/users/profile.service.js';
import { RegistrationService } from './modules/users/registration.service.js';
import { UsersRepository } from './modules/users/users.repository.js';
import { UsersService } from './modules/users/users.service.js';

/** Every service, wired once; routes and tests take what they need from here. */
export const createServices = async (
  config: Config,
  db: Kysely<Database>,
  clock: Clock,
  dialect: Dialect,
  log: FastifyBaseLogger,
  adapterFactory?: AdapterFactory,
) => {
  const usersRepo = new UsersRepository(db, dialect);
  const audit = new AuditRepository(db);
  const settings = new SettingsService(db, clock, config);
  const sessions = new SessionsService(db, clock, config.auth);
  const throttle = new ThrottleService(db, clock, config.auth);
  const captcha = new CaptchaService(db, clock);
  const mailer = new Mailer(config.mail);
  const keys = new KeysService(db, clock, loadMasterKey(config.dataDir));
  const installedAt = Number(await settings.getOrInit('installed_at', () => String(clock.now())));
  const jobsRepo = new JobsRepository(db);
  const clusters = createClusters(config.clusters, adapterFactory ?? schedulerFactory(config, db, clock, log), {
    repo: jobsRepo,
    settings,
    clock,
    log,
  });
  const jobs = new JobsService(clusters, jobsRepo, clock);
  // Cluster access (files, shell, commands as the user) per cluster id; closed with the app.
  const clusterAccess = createClusterAccessMap(config, {
    privateKeyOf: async (userName) => {
      const user = await usersRepo.findByName(userName);
      if (!user) throw new Error(`no portal user ${userName}`);
      return keys.exportPrivateKey(user.id, user.user_name);
    },
  });
  const accessFor = (clusterId: string): ClusterAccess => {
    const access = clusterAccess.get(clusterId);
    if (!access) throw new Error(`unknown cluster ${clusterId}`);
    return access;
  };
  const provisioner = new UserProvisioner({
    access: clusterAccess,
    publicKeysOf: (userId) => keys.publicKeyLines(userId),
    audit,
    clock,
    log,
  });
  const provision = (user: { id: number; name: string }) => provisioner.provision(user);
  return {
    config,
    db,
    clock,
    usersRepo,
    audit,
    settings,
    sessions,
    throttle,
    captcha,
    mailer,
    keys,
    license: new LicenseService(config, clock, installedAt),
    login: new LoginService(usersRepo, sessions, throttle, captcha, clock),
    registration: new RegistrationService(usersRepo, captcha, settings, clock),
    profile: new ProfileService(usersRepo, sessions, settings, clock),
    users: new UsersService(usersRepo, sessions, throttle, keys, clock, provision),
    clusterAccess,
    accessFor,
    provisioner,
    passwordReset: new PasswordResetService(db, usersRepo, sessions, throttle, settings, mailer, clock, config),
    jobsRepo,
    clusters,
    jobs,
    jobActions: new JobActionsService(clusters, jobs),
    jobView: new JobViewService(clusters, jobsRepo, clock),
    jobTemplates: loadJobTemplates([SHIPPED_TEMPLATES, join(resolve(config.dataDir), 'templates')], log),
    // Web shells live in this process (docs/shell.md).
    shells: new ShellRegistry({
      graceMs: config.shell.graceSeconds * 1000,
      heartbeatMs: config.shell.heartbeatSeconds * 1000,
      bufferBytes: config.shell.bufferKB * 1024,
      maxPerUser: config.shell.maxPerUser,
    }),
  };
};

export type Services = Awaited<ReturnType<typeof createServices>>;
