import { buildApp } from './app.js';
import { localAccessExposure, localAccessRefusal } from './cluster/access/create-access.js';
import { ConfigError, loadConfig } from './config/load.js';

const printBanner = (url: string, firstAdmin: { userName: string; password: string | null } | null) => {
  const lines = [`HPC Portal is running at ${url}`];
  if (firstAdmin) {
    lines.push(`First administrator: ${firstAdmin.userName}`);
    lines.push(
      firstAdmin.password
        ? `Password (shown only this once, change it after signing in): ${firstAdmin.password}`
        : 'Password: the one given in PORTAL_ADMIN_PASSWORD / admin.password',
    );
  }
  const width = Math.max(...lines.map((l) => l.length)) + 4;
  const bar = '='.repeat(width);
  process.stdout.write(`\n${bar}\n${lines.map((l) => `  ${l}`).join('\n')}\n${bar}\n\n`);
};

const main = async () => {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      process.stderr.write(`${err.message}\n`);
      process.exit(2);
    }
    throw err;
  }
  const refusal = localAccessRefusal(config);
  if (refusal) {
    process.stderr.write(`${refusal}\n`);
    process.exit(2);
  }
  const exposure = localAccessExposure(config);
  if (exposure) {
    process.stderr.write(`${exposure}\n`);
    process.exit(2);
  }
  const app = await buildApp({ config });
  const problem = app.services.license.problem;
  if (problem) app.log.warn(problem);
  for (const signal of ['SIGINT', 'SIGTERM'] as const) {
    process.once(signal, () => {
      app.log.info(`${signal}: shutting down`);
      void app.close().then(() => process.exit(0));
    });
  }
  await app.listen({ host: config.server.host, port: config.server.port });
  const address = app.server.address();
  const port = typeof address === 'object' && address ? address.port : config.server.port;
  const host = config.server.host === '0.0.0.0' || config.server.host === '::' ? 'localhost' : config.server.host;
  printBanner(`http://${host.includes(':') ? `[${host}]` : host}:${port}/`, app.firstAdmin);
};

main().catch((err: unknown) => {
  process.stderr.write(`HPC Portal could not start: ${err instanceof Error ? (err.stack ?? err.message) : String(err)}\n`);
  process.exit(1);
});
