import { expect, test, type Page } from '@playwright/test';
import { z } from 'zod';
import { refreshUntilVisible } from './support/lists';
import { baseURL, openDialog, registeredUser, signIn } from './support/portal';

/*
 * Job submission as a newcomer meets it (issue 11, item 10), against the real server and its
 * built-in scheduler: checks before sending, the server's refusals at their field in both
 * languages, the notification leading to the new job, the folder and file pickers used by
 * keyboard, "resubmit / copy job" from current and history details, and the job's folder in
 * E-File and in a shell.
 */

const USER_ROLE = 10002;
const USER = { name: 'e2e_jsub', password: 'Jsub_pass1' };

const Listing = z.object({ data: z.object({ home: z.string() }) });

const csrf = async (page: Page) => {
  const cookie = (await page.context().cookies()).find((c) => c.name === 'XSRF-TOKEN');
  return decodeURIComponent(cookie?.value ?? '');
};

/** The user's home on the cluster, as the file manager's listing says. */
const homeOf = async (page: Page) =>
  Listing.parse(await (await page.request.get(`${baseURL()}/efile/api/files`)).json()).data.home;

/** Makes a folder or an empty file through the portal (so it belongs to the user's account). */
const make = async (page: Page, kind: 'mkdir' | 'touch', path: string, name: string) => {
  const res = await page.request.post(`${baseURL()}/efile/api/files/${kind}`, {
    data: { path, name },
    headers: { 'x-xsrf-token': await csrf(page) },
  });
  const body = z.object({ errCode: z.number() }).parse(await res.json());
  // Made by an earlier run of this spec on the same portal: fine.
  expect([0, 10004]).toContain(body.errCode);
};

const openForm = async (page: Page, url = `${baseURL()}/my-job/submit`) => {
  await page.goto(url);
  await expect(page.getByRole('textbox', { name: 'Job script' })).toBeVisible();
};

/** The field's own Browse button. */
const browse = (page: Page, label: string) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .getByRole('button', { name: 'Browse…' });

/** The error text Ant Design shows under a field. */
const fieldError = (page: Page, label: string | RegExp) =>
  page
    .locator('.ant-form-item')
    .filter({ has: page.getByLabel(label, { exact: true }) })
    .locator('.ant-form-item-explain-error');

const fillBasics = async (page: Page, name: string, script: string) => {
  await page.getByLabel('Job name').fill(name);
  await page.getByLabel('Time limit').fill('00:20:00');
  await page.getByRole('textbox', { name: 'Job script' }).fill(script);
};

/** Submits and answers the new job's id, read from the notification. */
const submitAndRead = async (page: Page) => {
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  const link = page.getByRole('link', { name: /^Open job \d+$/ });
  await expect(link).toBeVisible();
  return /(\d+)$/.exec((await link.textContent()) ?? '')?.[1] ?? '';
};

test.beforeAll(async ({ request }) => {
  // Once per portal: a worker started again after a failure finds the user there.
  const login = await request.post(`${baseURL()}/login/loginAuth.action`, {
    data: { strUserName: USER.name, strPassword: USER.password },
  });
  const known = z.object({ errCode: z.number() }).parse(await login.json()).errCode === 0;
  await request.post(`${baseURL()}/pageframe/main/logout.action`);
  if (!known) await registeredUser(request, USER.name, USER.password, USER_ROLE);
});

test.beforeEach(async ({ page }) => {
  await signIn(page, USER.name, USER.password);
  await expect(page).toHaveURL(/\/overview$/);
});

test('4 nodes with 1 core are refused before anything is sent', async ({ page }) => {
  await openForm(page);
  const posts: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/jm_jobmanagement/api/jobs')) posts.push(r.url());
  });
  await fillBasics(page, 'e2e_cores', '#!/bin/bash\ntrue\n');
  // The test cluster has 2 nodes: 2 nodes with 1 core is the same mistake within its limits.
  await page.getByLabel('Nodes').fill('2');
  await page.getByLabel('Cores (in total)').fill('1');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(fieldError(page, 'Cores (in total)')).toHaveText('At least one core per node: 2 nodes need at least 2 cores');
  expect(posts).toEqual([]);
  // Fixed, it goes through.
  await page.getByLabel('Cores (in total)').fill('2');
  await expect(fieldError(page, 'Cores (in total)')).toHaveCount(0);
  const jobId = await submitAndRead(page);
  expect(jobId).toMatch(/^\d+$/);
  expect(posts).toHaveLength(1);
});

test('the estimate follows the cores: usage, quota and expected start, nothing submitted', async ({ page }) => {
  await openForm(page);
  const submits: string[] = [];
  page.on('request', (r) => {
    if (r.method() === 'POST' && r.url().endsWith('/jm_jobmanagement/api/jobs')) submits.push(r.url());
  });
  await fillBasics(page, 'e2e_estimate', '#!/bin/bash\ntrue\n');
  await page.getByLabel('Nodes').fill('1');
  await page.getByLabel('Time limit').fill('01:00:00');
  await page.getByLabel('Cores (in total)').fill('1');
  const estimate = page.getByTestId('estimate');
  await expect(estimate.getByText('Up to 1.00 core-hours')).toBeVisible({ timeout: 15_000 });
  await expect(estimate.getByTestId('estimate-start')).toHaveText(/^Expected start: (now|\d{4}-\d\d-\d\d \d\d:\d\d \(in .+\))$/);
  await expect(estimate.getByText(/^Quota: /)).toBeVisible();
  await page.getByLabel('Cores (in total)').fill('2');
  await expect(estimate.getByText('Up to 2.00 core-hours')).toBeVisible({ timeout: 15_000 });
  expect(submits).toEqual([]);
});

test("the server's refusals appear at their field, in English and in Chinese", async ({ page }) => {
  await openForm(page);
  await fillBasics(page, 'e2e_refused', '#!/bin/bash\ntrue\n');
  // Outside the user's folders: the scheduler refuses it, the form shows it at the working directory.
  await page.getByLabel('Working directory', { exact: true }).fill('/etc/portal-e2e');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(fieldError(page, 'Working directory')).toHaveText(
    'The working directory /etc/portal-e2e cannot be used: it must be a folder you may write, inside your folders',
  );
  await expect(page.getByText('The job was not submitted: see the marked field')).toBeVisible();

  // The same in Chinese.
  await page.evaluate(() => localStorage.setItem('gv.lang', 'zh'));
  await page.reload();
  await expect(page.getByRole('textbox', { name: '作业脚本' })).toBeVisible();
  await page.getByLabel('作业名称').fill('e2e_refused_zh');
  await page.getByLabel('时间限制').fill('00:20:00');
  await page.getByLabel('工作目录', { exact: true }).fill('/etc/portal-e2e');
  const submitZh = page.getByRole('button', { name: /^提 ?交$/ });
  await submitZh.click();
  await expect(fieldError(page, '工作目录')).toHaveText(
    '无法使用工作目录 /etc/portal-e2e：它必须是您有写权限的文件夹，且位于您可访问的目录内',
  );
  await expect(page.getByText('作业未提交：请查看标出的字段')).toBeVisible();

  // A queue that vanished between loading the form and sending it (the request is changed on its
  // way; the real server answers).
  await page.reload();
  await expect(page.getByRole('textbox', { name: '作业脚本' })).toBeVisible();
  await page.getByLabel('作业名称').fill('e2e_refused_zh');
  await page.getByLabel('时间限制').fill('00:20:00');
  await page.getByLabel('工作目录', { exact: true }).fill('~/e2e-refused');
  await page.route('**/jm_jobmanagement/api/jobs', async (route) => {
    const body = z.record(z.string(), z.unknown()).safeParse(route.request().postDataJSON());
    if (route.request().method() !== 'POST' || !body.success) return route.continue();
    return route.continue({ postData: JSON.stringify({ ...body.data, queue: 'gone' }) });
  });
  await submitZh.click();
  await expect(fieldError(page, '队列')).toHaveText('该集群上不存在队列 gone');

  // And in English again.
  await page.evaluate(() => localStorage.setItem('gv.lang', 'en'));
  await page.reload();
  await expect(page.getByRole('textbox', { name: 'Job script' })).toBeVisible();
  await fillBasics(page, 'e2e_refused_en', '#!/bin/bash\ntrue\n');
  await page.getByRole('button', { name: 'Submit', exact: true }).click();
  await expect(fieldError(page, 'Queue')).toHaveText('The queue gone does not exist on this cluster');
});

test('the pickers choose the working directory and an input file by keyboard; the notification leads to the job', async ({
  page,
}) => {
  const home = await homeOf(page);
  await make(page, 'mkdir', home, 'e2e-picker');
  await make(page, 'mkdir', `${home}/e2e-picker`, 'run1');
  await make(page, 'mkdir', `${home}/e2e-picker`, 'run2');
  await make(page, 'mkdir', `${home}/e2e-picker/run1`, 'sub');
  await make(page, 'touch', `${home}/e2e-picker/run2`, 'in.lammps');
  await openForm(page);

  // Working directory: a folder, chosen with the keyboard only.
  await browse(page, 'Working directory').focus();
  await page.keyboard.press('Enter');
  let dialog = await openDialog(page);
  await expect(dialog).toContainText('Choose the working directory');
  const list = dialog.getByRole('listbox');
  await expect(list).toHaveAccessibleName(`Contents of ${home}`);
  await list.focus();
  // Folders only, by name: the active row follows the arrows.
  await expect(dialog.getByRole('option', { name: 'e2e-picker' })).toBeVisible();
  while ((await dialog.getByRole('option', { selected: true }).textContent()) !== 'e2e-picker')
    await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  await expect(list).toHaveAccessibleName(`Contents of ${home}/e2e-picker`);
  await expect(dialog.getByRole('option')).toHaveText(['run1', 'run2']);
  await page.keyboard.press('ArrowDown');
  await page.keyboard.press('Enter');
  // In folder mode files are not listed.
  await expect(dialog.getByText('This folder is empty')).toBeVisible();
  await expect(dialog.getByRole('status')).toHaveText(`Chosen: ${home}/e2e-picker/run2`);
  await page.getByRole('button', { name: 'Up one folder' }).click();
  await expect(list).toHaveAccessibleName(`Contents of ${home}/e2e-picker`);
  // Backspace goes up as well; End is the last folder.
  await list.focus();
  await page.keyboard.press('Enter');
  await expect(list).toHaveAccessibleName(`Contents of ${home}/e2e-picker/run1`);
  await page.keyboard.press('Backspace');
  await expect(list).toHaveAccessibleName(`Contents of ${home}/e2e-picker`);
  await page.keyboard.press('End');
  await page.keyboard.press('Enter');
  await expect(dialog.getByRole('status')).toHaveText(`Chosen: ${home}/e2e-picker/run2`);
  await dialog.getByRole('button', { name: 'Choose this folder' }).focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Working directory', { exact: true })).toHaveValue(`${home}/e2e-picker/run2`);

  // An input file of the LAMMPS template: picked inside the working directory, given relative to it.
  await page.getByLabel('Application template').click();
  await page.keyboard.type('LAMMPS');
  await page.keyboard.press('Enter');
  await expect(page.getByLabel('Input script', { exact: true })).toBeVisible();
  await page.getByLabel('Input script', { exact: true }).fill('');
  await browse(page, 'Input script').click();
  dialog = await openDialog(page);
  await expect(dialog).toContainText('Choose a file');
  await expect(dialog.getByRole('listbox')).toHaveAccessibleName(`Contents of ${home}/e2e-picker/run2`);
  await dialog.getByRole('listbox').focus();
  await page.keyboard.press('Enter');
  await expect(dialog).toBeHidden();
  await expect(page.getByLabel('Input script', { exact: true })).toHaveValue('in.lammps');
  await expect(page.getByRole('textbox', { name: 'Job script' })).toHaveValue(/lmp -in in\.lammps/);

  // Submitted: the notification names the job and opens its details.
  // Within one test node (the template asks for 8 cores on 1 node).
  await page.getByLabel('Cores (in total)').fill('1');
  await page.getByRole('textbox', { name: 'Job script' }).fill('#!/bin/bash\nsleep 300\n');
  await page.getByLabel('Time limit').fill('00:20:00');
  const jobId = await submitAndRead(page);
  await expect(
    page
      .getByRole('alert')
      .filter({ hasText: `Job ${jobId} submitted` })
      .first(),
  ).toBeVisible();
  await page.getByRole('link', { name: `Open job ${jobId}` }).click();
  await expect(page).toHaveURL(new RegExp(`/my-job/current-job/jobDetails/\\?jobId=${jobId}`));
  await expect(page.getByText(`${home}/e2e-picker/run2`).first()).toBeVisible();
});

test("a job's details copy it into the form (current and history), and open its folder in E-File and a shell there", async ({
  page,
}) => {
  test.slow();
  const home = await homeOf(page);
  await openForm(page);
  // Runs long enough to be copied while it is a current job, then ends by itself.
  const jobScript = '#!/bin/bash\necho copied-job-ran\nsleep 15\n';
  await fillBasics(page, 'e2e_copyme', jobScript);
  await page.getByLabel('Working directory', { exact: true }).fill('~/e2e-copy');
  await page.getByLabel('Cores (in total)').fill('3');
  const jobId = await submitAndRead(page);

  await page.goto(`${baseURL()}/my-job/current-job/jobDetails/?jobId=${jobId}`);
  await page.getByRole('link', { name: 'Resubmit / copy job' }).click();
  await expect(page).toHaveURL(new RegExp(`/my-job/submit\\?copyOf=${jobId}`));
  await expect(page.getByText(`Copied from job ${jobId}: check the values, then submit.`)).toBeVisible();
  await expect(page.getByLabel('Job name')).toHaveValue('e2e_copyme');
  await expect(page.getByLabel('Cores (in total)')).toHaveValue('3');
  await expect(page.getByLabel('Time limit')).toHaveValue('00:20:00');
  await expect(page.getByLabel('Working directory', { exact: true })).toHaveValue(`${home}/e2e-copy`);
  await expect(page.getByRole('textbox', { name: 'Job script' })).toHaveValue(jobScript);
  const again = await submitAndRead(page);
  expect(again).not.toBe(jobId);

  // The finished job, from the history: what the history keeps is copied, the rest is said.
  const history = page.getByRole('link', { name: jobId, exact: true });
  await refreshUntilVisible(page, `${baseURL()}/my-job/history-job`, history);
  await history.click();
  await expect(page).toHaveURL(/historyDetails/);
  await page.getByRole('link', { name: 'Resubmit / copy job' }).click();
  await expect(page.getByLabel('Job name')).toHaveValue('e2e_copyme');
  await expect(page.getByLabel('Cores (in total)')).toHaveValue('3');
  await expect(page.getByLabel('Working directory', { exact: true })).toHaveValue(`${home}/e2e-copy`);
  const script = page.getByRole('textbox', { name: 'Job script' });
  // History keeps the script once the portal stores it; until then the form says it is not known.
  const notice = page.getByText(`The script of job ${jobId} is not known: the template's script is shown instead.`);
  await expect
    .poll(async () => (await script.inputValue()) === jobScript || (await notice.isVisible()), { timeout: 20_000 })
    .toBe(true);

  // Its folder in E-File: the window opens on the working directory with the job's output in it.
  await page.goto(`${baseURL()}/my-job/history-job/historyDetails?jobId=${jobId}`);
  const efile = page.waitForEvent('popup');
  await page.getByRole('button', { name: 'Open folder in E-File' }).click();
  const files = await efile;
  await expect(files.getByText(`e2e_copyme-${jobId}.out`)).toBeVisible({ timeout: 60_000 });

  // A shell there: the server checks the folder and starts the shell in it.
  const shellLink = page.getByRole('link', { name: 'Shell in this folder' });
  await expect(shellLink).toHaveAttribute('href', `/eshell?clusterId=local&cwd=${encodeURIComponent(`${home}/e2e-copy`)}`);
  const popup = page.waitForEvent('popup');
  await shellLink.click();
  const shell = await popup;
  await shell.locator('.xterm').click();
  await shell.keyboard.type('pwd');
  await shell.keyboard.press('Enter');
  await expect(shell.locator('.xterm-rows')).toContainText(`${home}/e2e-copy`);
});
