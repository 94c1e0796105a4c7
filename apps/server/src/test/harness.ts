import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import type { FastifyInstance, LightMyRequestResponse } from 'fastify';
import { z } from 'zod';
import { ErrorData, Role, type Contract, type ContractData, type ContractInput, type RoleId } from '@portal/shared';
import { buildApp } from '../app.js';
import { parseConfig } from '../config/load.js';
import type { ConfigInput } from '../config/schema.js';
import type { Clock } from '../lib/time.js';
import { hashPassword } from '../modules/users/password.js';
import { newUserRow } from '../modules/users/users.repository.js';
import { createTestStorage } from './test-storage.js';

/*
 * Builds the real server for a test: SQLite by default, PostgreSQL (a fresh schema per app) when
 * DATABASE_URL points at one. Requests go through inject(), with a cookie jar per client.
 */

export const ADMIN = { user: 'admin', password: 'Admin@12345' };

export interface TestApp {
  app: FastifyInstance;
  dataDir: string;
  close(): Promise<void>;
}

type DeepPartial<T> = { [K in keyof T]?: T[K] extends object ? DeepPartial<T[K]> : T[K] };

export const createTestApp = async (
  overrides: DeepPartial<ConfigInput> = {},
  clock?: Clock,
  /** Folder of built console files to serve (default: none, so tests do not depend on apps/web/dist). */
  webRoot?: string,
): Promise<TestApp> => {
  const storage = createTestStorage('portal-test-');
  const { dataDir } = storage;
  const config = parseConfig({
    ...overrides,
    dataDir,
    database: storage.database,
    admin: { user: ADMIN.user, password: ADMIN.password },
    logLevel: 'silent',
  });
  const app = await buildApp({ config, logger: false, webRoot: webRoot ?? join(dataDir, 'no-web'), ...(clock ? { clock } : {}) });
  await app.ready();
  return {
    app,
    dataDir,
    close: async () => {
      await app.close();
      endDesktopsOf(dataDir);
      await storage.dispose();
    },
  };
};

/**
 * Desktops outlive the server on purpose (Xvnc runs detached, as the user): a test app's end takes
 * those it started with it, found by their passwd file in its data folder. Tests that call every
 * endpoint start some with `POST .../vncsession`.
 */
const endDesktopsOf = (dataDir: string) => {
  spawnSync('pkill', ['-f', '--', `-rfbauth ${dataDir}/`], { stdio: 'ignore' });
};

export interface CallOptions {
  body?: unknown;
  query?: Record<string, string | number | boolean | undefined>;
  params?: Record<string, string>;
  headers?: Record<string, string>;
  /** Send the body as application/x-www-form-urlencoded. */
  form?: boolean;
  /** Leave out the CSRF header even when signed in. */
  noCsrf?: boolean;
  /** Send this text as the body, exactly as given (set the content-type in `headers`). */
  rawBody?: string;
}

const fillPath = (path: string, params: Record<string, string> = {}) =>
  path.replace(/:([A-Za-z]+)/g, (_, k: string) => encodeURIComponent(params[k] ?? ''));

/** A body as a browser's form sends it: arrays as repeated fields, undefined left out. */
const encodeForm = (body: unknown) => {
  const form = new URLSearchParams();
  if (typeof body !== 'object' || body === null) return form.toString();
  for (const [k, v] of Object.entries(body)) {
    if (Array.isArray(v)) for (const x of v) form.append(k, String(x));
    else if (v !== undefined) form.append(k, String(v));
  }
  return form.toString();
};

const METHODS = ['GET', 'POST', 'PUT', 'DELETE', 'PATCH', 'HEAD', 'OPTIONS'] as const;
type Method = (typeof METHODS)[number];
const isMethod = (m: string): m is Method => METHODS.some((x) => x === m);

/** The answer's Set-Cookie headers as inject parses them. */
const Cookies = z.array(
  z.object({ name: z.string(), value: z.string(), expires: z.date().optional(), maxAge: z.number().optional() }).loose(),
);

/** Any envelope: what every JSON answer of the portal looks like. */
export const AnyEnvelope = z.object({ errCode: z.number(), errMsg: z.string(), data: z.unknown() });

/** Parses an answer's body as an envelope (throws when it is not one). */
export const parseEnvelope = (body: string) => AnyEnvelope.parse(JSON.parse(body));

/** What a call answered. */
export interface CallResult<C extends Contract> {
  status: number;
  errCode: number;
  errMsg: string;
  headers: LightMyRequestResponse['headers'];
  /** The contract's data. Reading it from an error answer throws, naming the error (which `error` holds). */
  readonly data: ContractData<C>;
  /** The error envelope's data (its reason and details); undefined when the call succeeded. */
  error: ErrorData | undefined;
}

/** Parses with a contract's schema, keeping the schema's output type (also for a generic contract). */
const parseAs = <S extends z.ZodType>(schema: S, value: unknown): z.output<S> => schema.parse(value);

/** A contract input's params or query (objects of a zod schema's input type) as the text inject sends. */
const asTextRecord = (value: unknown): Record<string, string> =>
  typeof value === 'object' && value !== null ? Object.fromEntries(Object.entries(value).map(([k, v]) => [k, String(v)])) : {};
const asQuery = (value: unknown): CallOptions['query'] =>
  typeof value === 'object' && value !== null
    ? Object.fromEntries(
        Object.entries(value)
          .filter(([, v]) => v !== undefined)
          .map(([k, v]) => [k, String(v)]),
      )
    : undefined;

/** A browser-like client: keeps cookies and sends the CSRF token the way the console does. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  constructor(
    readonly app: FastifyInstance,
    readonly ip = '127.0.0.1',
  ) {}

  get csrf(): string | undefined {
    return this.cookies.get('XSRF-TOKEN');
  }

  /** The headers of an upload chunk (PATCH /efile/api/uploads/:id) as this client's browser sends them. */
  chunkHeaders(offset: number | string, extra: Record<string, string | number> = {}): Record<string, string | number> {
    return {
      cookie: [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; '),
      'x-xsrf-token': this.csrf ?? '',
      'content-type': 'application/offset+octet-stream',
      'upload-offset': String(offset),
      ...extra,
    };
  }

  /** Sends one upload chunk through inject (the whole body arrives). */
  patchChunk(uploadId: string, offset: number | string, body: Buffer, extra: Record<string, string | number> = {}) {
    return this.app.inject({
      method: 'PATCH',
      url: `/efile/api/uploads/${uploadId}`,
      headers: this.chunkHeaders(offset, extra),
      payload: body,
    });
  }

  async raw(method: string, url: string, opts: CallOptions = {}): Promise<LightMyRequestResponse> {
    const headers: Record<string, string> = { ...opts.headers };
    if (this.cookies.size) headers.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
    if (!opts.noCsrf && this.csrf && method !== 'GET') headers['x-xsrf-token'] = this.csrf;
    let payload: string | undefined = opts.rawBody;
    if (opts.body !== undefined) {
      if (opts.form) {
        headers['content-type'] = 'application/x-www-form-urlencoded';
        payload = encodeForm(opts.body);
      } else {
        headers['content-type'] = 'application/json';
        payload = JSON.stringify(opts.body);
      }
    }
    const query = Object.fromEntries(
      Object.entries(opts.query ?? {})
        .filter(([, v]) => v !== undefined)
        .map(([k, v]) => [k, String(v)]),
    );
    if (!isMethod(method)) throw new Error(`not an HTTP method: ${method}`);
    const res = await this.app.inject({
      method,
      url,
      query,
      headers,
      remoteAddress: this.ip,
      ...(payload !== undefined ? { payload } : {}),
    });
    for (const c of Cookies.parse(res.cookies)) {
      const gone = c.value === '' || (c.expires && c.expires.getTime() < Date.now()) || c.maxAge === 0;
      if (gone) this.cookies.delete(c.name);
      else this.cookies.set(c.name, c.value);
    }
    return res;
  }

  /** Calls an endpoint by its contract; answers the HTTP status, the envelope typed by the contract, and the headers. */
  call<C extends Contract>(
    contract: C,
    input: Partial<ContractInput<C>> & Omit<CallOptions, 'body' | 'query' | 'params'> = {},
  ): Promise<CallResult<C>> {
    return this.callUnchecked(contract, input);
  }

  /**
   * Calls an endpoint with input that need not fit its contract: for tests of what the server
   * refuses (a missing field, a wrong type, a value outside the enum).
   */
  async callUnchecked<C extends Contract>(
    contract: C,
    input: { body?: unknown; query?: unknown; params?: unknown } & Omit<CallOptions, 'body' | 'query' | 'params'> = {},
  ): Promise<CallResult<C>> {
    const { body, query, params, ...options } = input;
    const res = await this.raw(contract.method, fillPath(contract.path, asTextRecord(params)), {
      ...options,
      body,
      query: asQuery(query),
    });
    const isJson = res.headers['content-type']?.toString().includes('json') ?? false;
    const answer = isJson ? parseEnvelope(res.body) : { errCode: 0, errMsg: '', data: res.body };
    // Checked against the contract, so a test reads exactly what a client written from the spec would.
    const outcome =
      answer.errCode === 0
        ? { ok: true as const, data: parseAs<C['data']>(contract.data, answer.data) }
        : { ok: false as const, error: ErrorData.parse(answer.data) };
    return {
      status: res.statusCode,
      errCode: answer.errCode,
      errMsg: answer.errMsg,
      headers: res.headers,
      error: outcome.ok ? undefined : outcome.error,
      get data(): ContractData<C> {
        if (!outcome.ok)
          throw new Error(`${contract.id} answered ${answer.errCode} (${outcome.error.reason}): read .error, not .data`);
        return outcome.data;
      },
    };
  }

  async login(userName: string, password: string, authCode?: string) {
    const { loginAuth } = await import('@portal/shared');
    return this.call(loginAuth, { body: { strUserName: userName, strPassword: password, ...(authCode ? { authCode } : {}) } });
  }
}

/** Creates an active user with a role directly in the database. */
export const createUser = async (app: FastifyInstance, userName: string, roleId: RoleId = Role.user, password = 'Passw0rd!x') => {
  const now = Date.now();
  await app.services.usersRepo.insert(
    newUserRow(
      {
        user_name: userName,
        password_hash: await hashPassword(password),
        role_id: roleId,
        status: 'active',
        email: `${userName.replace(/[^A-Za-z0-9_-]/g, '')}@example.com`,
        approved_at: now,
        approved_by: 'test',
      },
      now,
    ),
  );
  return { userName, password };
};

/** A signed-in client for a new user of the given role. */
export const signedIn = async (app: FastifyInstance, userName: string, roleId: RoleId, ip?: string) => {
  const u = await createUser(app, userName, roleId);
  const client = new TestClient(app, ip);
  const res = await client.login(u.userName, u.password);
  if (res.errCode !== 0) throw new Error(`login of ${userName} failed: ${res.errMsg}`);
  return client;
};

/** The text of the captcha last issued under a key, read from the database like an OCR would. */
export const captchaAnswer = async (app: FastifyInstance, key: string): Promise<string> => {
  const row = await app.services.db.selectFrom('captchas').select('answer').where('id', '=', key).executeTakeFirstOrThrow();
  return row.answer;
};

/** A clock tests move by hand (lock expiry, session idle time, trial days). */
export class ManualClock implements Clock {
  constructor(private t = Date.now()) {}
  now(): number {
    return this.t;
  }
  advance(ms: number): void {
    this.t += ms;
  }
}
