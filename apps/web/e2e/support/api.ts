import { request as playwrightRequest } from '@playwright/test';
import { z } from 'zod';
import { baseURL } from './portal';

const Answer = z.object({ errCode: z.number(), errMsg: z.string().optional(), data: z.unknown() });
export type Answer = z.infer<typeof Answer>;

/** An API session of one user (cookies apart from any page), with the session's cross-site token. */
export interface ApiSession {
  /** Any answer, for refusals a test checks. */
  call(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<Answer>;
  /** An answer that must succeed: its data. */
  ok(method: 'GET' | 'POST' | 'PUT' | 'DELETE', path: string, data?: unknown): Promise<unknown>;
  dispose(): Promise<void>;
}

/** Signs a user in through the API (as a client written from the spec would) on a portal. */
export const apiSession = async (user: string, password: string, base = baseURL()): Promise<ApiSession> => {
  const ctx = await playwrightRequest.newContext({ baseURL: base });
  const login = Answer.parse(
    await (await ctx.post('/login/loginAuth.action', { data: { strUserName: user, strPassword: password } })).json(),
  );
  if (login.errCode !== 0) throw new Error(`sign-in of ${user} failed: ${JSON.stringify(login)}`);
  const { csrfToken } = z.object({ csrfToken: z.string() }).parse(login.data);
  const call: ApiSession['call'] = async (method, path, data) => {
    const res = await ctx.fetch(path, {
      method,
      headers: { 'x-xsrf-token': csrfToken },
      ...(data === undefined ? {} : { data }),
    });
    return Answer.parse(await res.json());
  };
  return {
    call,
    ok: async (method, path, data) => {
      const a = await call(method, path, data);
      if (a.errCode !== 0) throw new Error(`${method} ${path} as ${user}: ${JSON.stringify(a)}`);
      return a.data;
    },
    dispose: () => ctx.dispose(),
  };
};
