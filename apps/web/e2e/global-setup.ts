import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { z } from 'zod';
import { joinTestRun, leaveTestRun } from '../../server/src/test/test-runs';
import { E2E_ADMIN } from './support/constants';
import { startPortal } from './support/server';

/** The parts of the answers this set-up reads. */
const SignedIn = z.object({ data: z.object({ csrfToken: z.string() }) });
const JobIds = z.object({ data: z.object({ list: z.array(z.object({ jobId: z.string() })) }) });

/** One portal on the built-in scheduler for the specs; job polling every second keeps flows quick. */
export default async function globalSetup() {
  joinTestRun();
  const portal = await startPortal({
    // Availability (resources.spec.ts): the assets' addresses are checked every 2 s, not every minute.
    availability: { intervalSeconds: 2, timeoutSeconds: 1 },
    // Every spec registers its users from this one address: a centre's limits per address (30
    // sign-ups an hour) would refuse the suite's later ones. The limits have server tests of their own.
    auth: { signUpsPerHour: 1000, lookupsPerMinute: 1000 },
    clusters: [
      {
        id: 'local',
        name: 'Local cluster',
        pollIntervalSeconds: 1,
        // Node power over IPMI: resources.spec.ts gives node01 a simulated BMC (ipmi_sim, IPMI 1.5).
        power: { enabled: true, interface: 'lan', timeoutSeconds: 20 },
        // Service status (services.spec.ts): a login node whose port refuses at once shows a stopped
        // sshd without waiting; the one-second timeout bounds any other check.
        services: { loginNodes: ['127.0.0.1:1'], timeoutSeconds: 1 },
        // Metrics of this host under one name, and a storage server that never answers: parallel
        // storage (storage.spec.ts) shows a system on this host's root file system (normal) and
        // one whose second server is away (degraded).
        metrics: {
          intervalSeconds: 5,
          targets: [
            { resource: 'portal-host', url: 'builtin:host' },
            { resource: 'stor02', url: 'http://127.0.0.1:2/metrics' },
          ],
        },
        storage: [
          { name: 'scratch', servers: ['portal-host'], mountpoint: '/', directory: '/public' },
          { name: 'archive', type: 'nfs', servers: ['portal-host', 'stor02'], mountpoint: '/' },
        ],
        local: {
          nodes: [{ name: 'node[01-02]', cpus: 4, memoryMB: 8192 }],
          partitions: [{ name: 'compute', nodes: ['node[01-02]'], default: true, maxTime: '04:00:00', defaultTime: '00:30:00' }],
        },
      },
    ],
  });
  process.env.E2E_BASE_URL = portal.baseURL;
  process.env.E2E_DATA_DIR = portal.dataDir;
  process.env.E2E_DB_URL = portal.dbUrl;
  process.env.E2E_DB_SCHEMA = portal.dbSchema;

  return async () => {
    await cancelEveryJob(portal.baseURL);
    await portal.stop();
    // Another test run on the machine may still use the accounts: the last one removes them.
    if (leaveTestRun()) removePortalAccounts();
  };
}

/**
 * A server run as root in local access mode gives each portal user a POSIX account (comment
 * 'HPC Portal user', home in the portal's data folder): the ones whose folder lay in the temporary
 * folder (this run's portals) and is gone with it go at the end of the run.
 */
const removePortalAccounts = () => {
  if (process.getuid?.() !== 0) return;
  const passwd = execFileSync('getent', ['passwd'], { encoding: 'utf8' });
  for (const f of passwd.split('\n').map((l) => l.split(':'))) {
    if (f[4] !== 'HPC Portal user' || !f[0] || !f[5]?.startsWith(`${tmpdir()}/`) || existsSync(f[5])) continue;
    // userdel refuses an account with a process still running (a server outside the test runs): it stays.
    try {
      execFileSync('userdel', ['--', f[0]], { stdio: 'pipe' });
    } catch (e) {
      console.warn(`account ${f[0]} not removed: ${e instanceof Error ? e.message : String(e)}`);
    }
  }
};

/** Jobs outlive the server on purpose (a restart loses none): the run ends them itself. */
export const cancelEveryJob = async (base: string) => {
  const login = await fetch(`${base}/login/loginAuth.action`, {
    method: 'POST',
    headers: { 'content-type': 'application/json' },
    body: JSON.stringify({ strUserName: E2E_ADMIN.user, strPassword: E2E_ADMIN.password }),
  });
  const cookie = login.headers
    .getSetCookie()
    .map((c) => c.split(';')[0])
    .join('; ');
  const { csrfToken } = SignedIn.parse(await login.json()).data;
  const list = await fetch(`${base}/jm_jobmanagement/api/jobs?pageLimit=300`, { headers: { cookie } });
  const ids = JobIds.parse(await list.json()).data.list.map((j) => j.jobId);
  if (ids.length)
    await fetch(`${base}/jm_jobmanagement/api/jobs/actions/cancel`, {
      method: 'POST',
      headers: { cookie, 'content-type': 'application/json', 'x-xsrf-token': csrfToken },
      body: JSON.stringify({ jobIds: ids }),
    });
};
