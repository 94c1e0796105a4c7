/*
 * bench/web: what a browser downloads and waits for on the first visit, in headless Chromium
 * (Debian's, through playwright-core) over real HTTP on loopback, each run in a fresh browser
 * context (empty cache):
 *
 * - the sign-in page (/login): until the sign-in form is interactive (React's user name field is
 *   in the page, enabled, and typing into it works);
 * - the job list (/my-job/current-job), signed in as a user: until the list has loaded.
 *
 * For each: JavaScript bytes transferred (as sent: compressed when the server compressed) and
 * raw (decoded), all requests and script requests, first paint and first contentful paint (the
 * frame of index.html), and the time to the interactive form / the loaded list. Median of --runs.
 *
 * Each --web-root (a built console, apps/web/dist by default) is measured in the same run, one
 * after the other, by the same server code: a build without .br/.gz copies is sent uncompressed,
 * as the server sent every build before precompression.
 *
 *   node_modules/.bin/tsx --conditions=source bench/web/run.ts [--runs 5] [--encoding gzip]
 *     [--web-root apps/web/dist] [--web-root /tmp/web-before] ...
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { loadavg, tmpdir } from 'node:os';
import { basename, join, resolve } from 'node:path';
import { parseArgs } from 'node:util';
import { chromium, type Browser, type Page, type Response } from 'playwright-core';
import { Role } from '@portal/shared';
import { buildApp } from '../../apps/server/src/app.js';
import { parseConfig } from '../../apps/server/src/config/load.js';
import { hashPassword } from '../../apps/server/src/modules/users/password.js';
import { newUserRow } from '../../apps/server/src/modules/users/users.repository.js';

const root = resolve(import.meta.dirname, '../..');
const { values: args } = parseArgs({
  options: {
    runs: { type: 'string', default: '5' },
    'web-root': { type: 'string', multiple: true, default: [join(root, 'apps/web/dist')] },
    /** Ask for this Content-Encoding only (gzip: the figure of the goal); Chromium's own choice otherwise (br). */
    encoding: { type: 'string' },
  },
});
const RUNS = Number(args.runs);
const USER = 'bench';
const PASSWORD = 'Bench_pass1';

const say = (text: string) => process.stdout.write(`${text}\n`);
const median = (xs: number[]) => [...xs].sort((a, b) => a - b)[Math.floor(xs.length / 2)] ?? NaN;

interface Figures {
  /** How the scripts came: br, gzip or identity. */
  encodings: string;
  jsSent: number;
  jsRaw: number;
  jsRequests: number;
  requests: number;
  firstPaint: number;
  firstContentfulPaint: number;
  ready: number;
}

/** Counts every response of the page; the body of a script is read for its decoded size. */
const watchResponses = (page: Page) => {
  const seen: Promise<{ js: boolean; sent: number; raw: number; encoding: string }>[] = [];
  page.on('response', (res: Response) => {
    seen.push(
      (async () => {
        const js = res.request().resourceType() === 'script';
        const sizes = await res.request().sizes();
        const raw = js ? (await res.body()).length : 0;
        const encoding = (await res.allHeaders())['content-encoding'] ?? 'identity';
        return { js, sent: sizes.responseBodySize, raw, encoding };
      })(),
    );
  });
  return async () => {
    const all = await Promise.all(seen);
    const js = all.filter((r) => r.js);
    return {
      requests: all.length,
      jsRequests: js.length,
      jsSent: js.reduce((s, r) => s + r.sent, 0),
      jsRaw: js.reduce((s, r) => s + r.raw, 0),
      encodings: [...new Set(js.map((r) => r.encoding))].join('+'),
    };
  };
};

// Page-side code as text: tsx would wrap named functions in a helper the page does not have.
const paints = (page: Page): Promise<{ firstPaint: number; firstContentfulPaint: number }> =>
  page.evaluate(`({
    firstPaint: performance.getEntriesByName('first-paint')[0]?.startTime ?? NaN,
    firstContentfulPaint: performance.getEntriesByName('first-contentful-paint')[0]?.startTime ?? NaN,
  })`);

/** One cold visit: a fresh context, `url`, and `ready` answering the page's time when it is ready. */
const visit = async (
  browser: Browser,
  base: string,
  url: string,
  ready: (page: Page) => Promise<number>,
  storageState?: Awaited<ReturnType<Awaited<ReturnType<Browser['newContext']>>['storageState']>>,
): Promise<Figures> => {
  const context = await browser.newContext({
    viewport: { width: 1440, height: 900 },
    storageState,
    ...(args.encoding ? { extraHTTPHeaders: { 'accept-encoding': args.encoding } } : {}),
  });
  const page = await context.newPage();
  const counted = watchResponses(page);
  await page.goto(base + url, { waitUntil: 'commit' });
  const readyAt = await ready(page);
  // Whatever the page fetches right after it became ready belongs to its first load too.
  await page.waitForLoadState('networkidle');
  const figures = { ...(await counted()), ...(await paints(page)), ready: readyAt };
  await context.close();
  return figures;
};

/**
 * The sign-in form is interactive: React's field is there and enabled, timed in the page (the
 * first animation frame that has it; waiting from here polls at growing intervals, which would
 * add to it); then typing into it is checked.
 */
const formInteractive = async (page: Page) => {
  const at = await page.evaluate<number>(`new Promise((done) => {
    const check = () => {
      const field = document.querySelector('#root input#strUserName');
      if (field && !field.disabled) done(performance.now());
      else requestAnimationFrame(check);
    };
    check();
  })`);
  const field = page.locator('#root input#strUserName');
  await field.fill('x');
  if ((await field.inputValue()) !== 'x') throw new Error('the sign-in form did not take typing');
  await field.fill('');
  return at;
};

/** The job list has loaded: its refresh button shows and no table is loading. */
const listLoaded = (page: Page): Promise<number> =>
  page.evaluate(`new Promise((done) => {
    const check = () => {
      const table = document.querySelector('.ant-table-wrapper');
      const spinning = document.querySelector('.ant-table-wrapper .ant-spin-spinning');
      if (table && !spinning) done(performance.now());
      else requestAnimationFrame(check);
    };
    check();
  })`);

const kb = (bytes: number) => `${(bytes / 1024).toFixed(1)} KB`;
const ms = (x: number) => (Number.isFinite(x) ? `${x.toFixed(0)} ms` : 'n/a');

type Measured = Exclude<keyof Figures, 'encodings'>;
const report = (label: string, runs: Figures[]) => {
  const m = (k: Measured) => median(runs.map((r) => r[k]));
  say(
    `| ${label} | ${runs[0]?.encodings ?? ''} | ${kb(m('jsSent'))} | ${kb(m('jsRaw'))} | ${m('jsRequests')} | ${m('requests')} | ${ms(m('firstPaint'))} | ${ms(m('firstContentfulPaint'))} | ${ms(m('ready'))} |`,
  );
};

const measure = async (webRoot: string, browser: Browser) => {
  const dataDir = mkdtempSync(join(tmpdir(), 'portal-bench-web-'));
  try {
    const config = parseConfig({ dataDir, admin: { password: 'Admin@12345' }, logLevel: 'silent' });
    const app = await buildApp({ config, logger: false, webRoot });
    const base = await app.listen({ host: '127.0.0.1', port: 0 });
    try {
      const now = Date.now();
      await app.services.usersRepo.insert(
        newUserRow(
          {
            user_name: USER,
            password_hash: await hashPassword(PASSWORD),
            role_id: Role.user,
            status: 'active',
            email: 'bench@example.com',
            approved_at: now,
            approved_by: 'bench',
          },
          now,
        ),
      );
      // Signed in once through the form; the job list visits reuse its cookies and storage.
      const context = await browser.newContext();
      const page = await context.newPage();
      await page.goto(`${base}/login`);
      await page.locator('#strUserName').fill(USER);
      await page.locator('#strPassword').fill(PASSWORD);
      await page.locator('button[type=submit]').click();
      await page.waitForURL((u) => !u.pathname.startsWith('/login'), { timeout: 60_000 });
      const signedIn = await context.storageState();
      await context.close();

      const login: Figures[] = [];
      const jobs: Figures[] = [];
      for (let r = 0; r < RUNS; r++) {
        login.push(await visit(browser, base, '/login', formInteractive));
        jobs.push(await visit(browser, base, '/my-job/current-job', listLoaded, signedIn));
      }
      return { login, jobs };
    } finally {
      await app.close();
    }
  } finally {
    rmSync(dataDir, { recursive: true, force: true });
  }
};

const main = async () => {
  const browser = await chromium.launch({
    executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
    headless: true,
    args: ['--headless', '--no-sandbox', '--disable-gpu', '--disable-background-networking'],
  });
  try {
    const results: [string, Awaited<ReturnType<typeof measure>>][] = [];
    for (const webRoot of args['web-root'].map((w) => resolve(w))) results.push([webRoot, await measure(webRoot, browser)]);
    say(
      `\nmedian of ${RUNS} cold visits (fresh browser context each), 1440×900, loopback, accept-encoding: ${args.encoding ?? "Chromium's"}`,
    );
    say(
      '| page (build) | JS encoding | JS sent | JS raw | JS requests | requests | first paint | first contentful paint | ready |',
    );
    say('| --- | --- | --- | --- | --- | --- | --- | --- | --- |');
    for (const [webRoot, r] of results)
      report(`sign-in, form interactive (${basename(resolve(webRoot, '..'))}/${basename(webRoot)})`, r.login);
    for (const [webRoot, r] of results)
      report(`job list, loaded (${basename(resolve(webRoot, '..'))}/${basename(webRoot)})`, r.jobs);
    say(
      `load average: ${loadavg()
        .map((l) => l.toFixed(2))
        .join(' ')}`,
    );
  } finally {
    await browser.close();
  }
};

await main();
