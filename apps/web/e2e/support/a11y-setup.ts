import { existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join } from 'node:path';
import { expect, request as playwrightRequest, test, type APIRequestContext } from '@playwright/test';
import { z } from 'zod';
import { baseURL, registeredUser } from './portal';

/*
 * What the accessibility check needs besides the administrator: a user, a viewer and an auditor,
 * and the user's jobs for the two details pages. Made once per run: Playwright starts a new worker
 * (and runs beforeAll again) after every failed test, and a fresh set each time would fill the
 * little cluster with jobs. The set is kept in the run's output folder, which each run empties.
 */

const Person = z.object({ role: z.string(), user: z.string(), password: z.string(), roleId: z.number() });
export type Person = z.infer<typeof Person>;

const Setup = z.object({
  baseURL: z.string(),
  people: z.array(Person),
  jobs: z.object({ finished: z.string() }),
});
export type AccessibilitySetup = z.infer<typeof Setup>;

const Answer = z.object({ errCode: z.number(), data: z.unknown() });

/** Signs in through the API and answers the client and its CSRF token. */
const apiAs = async (user: string, password: string) => {
  const api = await playwrightRequest.newContext({ baseURL: baseURL() });
  const login = await api.post('/login/loginAuth.action', { data: { strUserName: user, strPassword: password } });
  const { csrfToken } = z.object({ data: z.object({ csrfToken: z.string() }) }).parse(await login.json()).data;
  return { api, csrfToken };
};

/** Submits a job as `person` and answers its id. */
const submitJob = async (api: APIRequestContext, csrfToken: string, name: string, script: string) => {
  const answer = Answer.parse(
    await (
      await api.post('/jm_jobmanagement/api/jobs', {
        data: { name, nodes: 1, cores: 1, timeLimit: '01:00:00', script },
        headers: { 'x-xsrf-token': csrfToken },
      })
    ).json(),
  );
  expect(answer.errCode, JSON.stringify(answer)).toBe(0);
  return z.object({ jobId: z.string() }).parse(answer.data).jobId;
};

/** How many jobs accounting lists under an id (it lists a finished job a moment after its end). */
const inHistory = async (api: APIRequestContext, jobId: string) => {
  const answer = Answer.parse(await (await api.get(`/jm_jobmanagement/api/jobs?scope=history&jobId=${jobId}`)).json());
  return z.object({ list: z.array(z.unknown()) }).safeParse(answer.data).data?.list.length ?? 0;
};

const create = async (request: APIRequestContext, people: Person[]): Promise<AccessibilitySetup> => {
  for (const p of people.filter((p) => p.role !== 'administrator')) await registeredUser(request, p.user, p.password, p.roleId);
  const user = people.find((p) => p.role === 'user');
  if (!user) throw new Error('the check needs a person with role user');
  const { api, csrfToken } = await apiAs(user.user, user.password);
  try {
    const finished = await submitJob(api, csrfToken, 'a11y_done', '#!/bin/bash\necho done\n');
    await expect.poll(() => inHistory(api, finished), { timeout: 180_000, intervals: [1_000] }).toBeGreaterThan(0);
    return { baseURL: baseURL(), people, jobs: { finished } };
  } finally {
    await api.dispose();
  }
};

/** The run's set, made by the first worker that asks; `people(stamp)` names them. */
export const accessibilitySetup = async (request: APIRequestContext, people: (stamp: string) => Person[]) => {
  const file = join(test.info().project.outputDir, 'accessibility-setup.json');
  if (existsSync(file)) {
    const kept = Setup.safeParse(JSON.parse(readFileSync(file, 'utf8')));
    if (kept.success && kept.data.baseURL === baseURL()) return kept.data;
  }
  const made = await create(request, people(Date.now().toString(36)));
  mkdirSync(dirname(file), { recursive: true });
  writeFileSync(file, JSON.stringify(made));
  return made;
};

/**
 * A job of the user that runs while one worker checks the pages, for the current job's details;
 * `stop` cancels it, so that it does not hold a core of the little cluster other specs fill.
 */
export const runningJob = async (setup: AccessibilitySetup) => {
  const user = setup.people.find((p) => p.role === 'user');
  if (!user) throw new Error('the check needs a person with role user');
  const { api, csrfToken } = await apiAs(user.user, user.password);
  const jobId = await submitJob(api, csrfToken, 'a11y_running', '#!/bin/bash\nsleep 3600\n');
  return {
    jobId,
    stop: async () => {
      await api.post(`/jm_jobmanagement/api/jobs/${jobId}/cancel`, { data: {}, headers: { 'x-xsrf-token': csrfToken } });
      await api.dispose();
    },
  };
};
