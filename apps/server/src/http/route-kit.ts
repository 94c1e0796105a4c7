import type { FastifyInstance, FastifyReply, FastifyRequest, RouteOptions } from 'fastify';
import type { ZodTypeProvider } from 'fastify-type-provider-zod';
import {
  can,
  contractArea,
  envelope,
  envelopeWithSpecFields,
  ErrCode,
  isAuditedContract,
  type Contract,
  type ContractData,
  type ContractParsed,
  type SpecField,
} from '@portal/shared';
import { AppError } from '../lib/app-error.js';
import type { AuditWriter } from '../lib/audit.js';
import type { Auth } from '../lib/auth.js';
import { safeEqual } from '../lib/crypto.js';
import type { Clock } from '../lib/time.js';
import { requestAuditEvent } from './audit-event.js';
import { SESSION_COOKIE } from './cookies.js';
import { okEnvelope, sendError } from './envelope.js';

declare module 'fastify' {
  interface FastifyRequest {
    auth: Auth | null;
    /** What the audit line names: the acting user when nobody is signed in yet, and the subject. */
    auditInfo: { userName?: string; roleId?: number; target?: string; ip: string };
  }
  interface FastifyContextConfig {
    /** Set on every route built from a contract; the permission test checks all routes have one. */
    permission?: string;
    /** A GET that changes something (Contract.changesState): its origin is checked as a POST's. */
    changesState?: boolean;
  }
}

export interface HandlerContext<C extends Contract, A extends Auth | null> extends ContractParsed<C> {
  req: FastifyRequest;
  reply: FastifyReply;
  auth: A;
}

type Result<C extends Contract> = C['response'] extends 'file' ? FastifyReply : ContractData<C>;
type Handler<C extends Contract, A extends Auth | null> = (ctx: HandlerContext<C, A>) => Promise<Result<C>> | Result<C>;

const csrfHeader = (req: FastifyRequest): string | undefined => {
  const h = req.headers['x-xsrf-token'] ?? req.headers['x-csrf-token'];
  if (typeof h === 'string') return h;
  const body = req.body as Record<string, unknown> | undefined;
  return typeof body?._csrf === 'string' ? body._csrf : undefined;
};

/** Where a NUL character hides in parsed input (no database text column can store one), or null. */
const findNul = (value: unknown, path: string[] = []): string | null => {
  if (typeof value === 'string') return value.includes('\u0000') ? path.join('.') : null;
  if (value === null || typeof value !== 'object') return null;
  for (const [key, inner] of Object.entries(value)) {
    const found = findNul(inner, [...path, key]);
    if (found !== null) return found;
  }
  return null;
};

/** An envelope with the spec's fields beside it (Contract.specFields). */
const withSpecFields = <E extends { errCode: unknown; errMsg: unknown }>(env: E, fields: readonly SpecField[]) => ({
  ...env,
  ...(fields.includes('result') ? { result: env.errCode === ErrCode.SUCCESS } : {}),
  ...(fields.includes('msg') ? { msg: env.errMsg } : {}),
});

/**
 * Adds the spec's fields beside an error envelope once it is written, so errors answered anywhere
 * (the permission check, validation, the handler) carry them too.
 */
const specFieldsHook =
  (fields: readonly SpecField[]) =>
  async (_req: FastifyRequest, reply: FastifyReply, payload: unknown): Promise<unknown> => {
    if (reply.statusCode < 400 || typeof payload !== 'string') return payload;
    if (!String(reply.getHeader('content-type') ?? '').startsWith('application/json')) return payload;
    const parsed: unknown = JSON.parse(payload);
    if (typeof parsed !== 'object' || parsed === null || !('errCode' in parsed) || !('errMsg' in parsed)) return payload;
    return JSON.stringify(withSpecFields(parsed, fields));
  };

const needsCsrf = (c: Contract) => c.csrf ?? (c.method !== 'GET' && c.permission !== 'public');

/** Who holds a session cookie's token: the auth module's sessions. */
export interface SessionLookup {
  resolve(token: string): Promise<Auth | null>;
}

export interface RouteKitDeps {
  sessions: SessionLookup;
  audit: AuditWriter;
  clock: Clock;
}

/**
 * Registers routes from contracts: validation, permission, the CSRF token, the envelope and the
 * audit line are handled here once, so a handler holds only its own logic.
 */
export class RouteKit {
  constructor(
    private readonly app: FastifyInstance,
    private readonly deps: RouteKitDeps,
  ) {}

  /** The same kit registering into another Fastify scope (one with its own body parsers). */
  within(scope: FastifyInstance): RouteKit {
    return new RouteKit(scope, this.deps);
  }

  /**
   * The session behind the request's cookie, or null (for routes that are not contracts, like
   * WebSockets). A session that must first replace a temporary password counts as none here.
   */
  async authenticate(req: FastifyRequest): Promise<Auth | null> {
    const token = req.cookies[SESSION_COOKIE];
    const auth = token ? await this.deps.sessions.resolve(token) : null;
    return auth?.mustChangePassword ? null : auth;
  }

  /**
   * A refusal that must leave a trace even on reads (which are not audited otherwise), such as a
   * path outside the user's folders: the error names its own audit action.
   */
  private async auditRefusal(req: FastifyRequest, contract: Contract, err: unknown): Promise<void> {
    if (!(err instanceof AppError) || !err.auditAs) return;
    await this.deps.audit.write(
      requestAuditEvent(req, this.deps.clock.now(), {
        action: err.auditAs,
        result: 'failure',
        errCode: err.code,
        target: `${contract.id} ${String(err.extra.path ?? '')}`,
      }),
      req.log,
    );
  }

  /** An endpoint that needs a signed-in user holding the contract's permission. */
  route<C extends Contract>(contract: C, handler: Handler<C, Auth>): void {
    if (contract.permission === 'public') throw new Error(`${contract.id} is public: register it with publicRoute`);
    this.register(contract, handler as Handler<C, Auth | null>);
  }

  /** An endpoint anyone may call; `auth` is the session when there is one. */
  publicRoute<C extends Contract>(contract: C, handler: Handler<C, Auth | null>): void {
    if (contract.permission !== 'public') throw new Error(`${contract.id} needs ${contract.permission}: register it with route`);
    this.register(contract, handler);
  }

  private register<C extends Contract>(contract: C, handler: Handler<C, Auth | null>): void {
    const schema: Record<string, unknown> = {
      operationId: contract.id,
      summary: contract.summary,
      tags: [contractArea(contract)],
      ...(contract.query ? { querystring: contract.query } : {}),
      ...(contract.body ? { body: contract.body } : {}),
      ...(contract.params ? { params: contract.params } : {}),
      ...(contract.response === 'file'
        ? {}
        : {
            response: {
              200: contract.specFields ? envelopeWithSpecFields(contract.data, contract.specFields) : envelope(contract.data),
            },
          }),
      ...(contract.permission === 'public' ? {} : { security: [{ session: [] }] }),
    };
    const options: Omit<RouteOptions, 'method' | 'url'> = {
      schema,
      config: { permission: contract.permission, changesState: contract.changesState === true },
      preValidation: async (req, reply) => {
        // A call without payload validates as an empty object: missing fields then read as 10003.
        if (contract.body && req.body == null) req.body = {};
        const token = req.cookies[SESSION_COOKIE];
        req.auth = token ? await this.deps.sessions.resolve(token) : null;
        if (contract.permission === 'public') return;
        if (!req.auth) {
          return sendError(reply, ErrCode.NO_INTERFACE_PERMISSION, token ? 'sessionExpired' : 'notSignedIn', 'Please sign in', {
            status: 401,
          });
        }
        if (req.auth.mustChangePassword && !contract.duringPasswordChange) {
          return sendError(
            reply,
            ErrCode.INSUFFICIENT_PERMISSION,
            'passwordChangeRequired',
            'Change the temporary password first',
            { status: 403 },
          );
        }
        if (!can(req.auth.user.roleId, contract.permission)) {
          return sendError(reply, ErrCode.INSUFFICIENT_PERMISSION, 'forbidden', 'Permission Denied', { status: 403 });
        }
        // Cross-site calls are refused before this (http/request-origin-checks.ts), so the token is
        // optional; one that is sent must be this session's: a page left open from an earlier
        // session must not act in a newer one.
        if (needsCsrf(contract)) {
          const given = csrfHeader(req);
          if (given && !safeEqual(given, req.auth.csrfToken)) {
            return sendError(reply, ErrCode.NO_INTERFACE_PERMISSION, 'csrf', 'Wrong CSRF token', { status: 403 });
          }
        }
      },
      // After schema validation: text that passed its schema may still hold a NUL, which PostgreSQL refuses.
      preHandler: async (req, reply) => {
        for (const source of [req.params, req.query, req.body]) {
          const path = findNul(source);
          if (path !== null)
            return sendError(reply, ErrCode.PARAM_INVALID, 'validation', undefined, {
              extra: { issues: [{ path, message: 'must not contain NUL characters' }] },
            });
        }
      },
      handler: async (req, reply) => {
        let result;
        try {
          result = await handler({
            req,
            reply,
            auth: req.auth,
            query: req.query,
            body: req.body,
            params: req.params,
          } as HandlerContext<C, Auth | null>);
        } catch (err) {
          await this.auditRefusal(req, contract, err);
          throw err;
        }
        // File answers, and envelope routes that chose to answer with a file (a download option).
        if (contract.response === 'file' || result === reply) return result;
        reply.errCode = ErrCode.SUCCESS;
        return contract.specFields ? withSpecFields(okEnvelope(result), contract.specFields) : okEnvelope(result);
      },
      ...(contract.specFields ? { onSend: specFieldsHook(contract.specFields) } : {}),
      ...(isAuditedContract(contract)
        ? {
            onResponse: async (req: FastifyRequest, reply: FastifyReply) => {
              await this.deps.audit.write(
                requestAuditEvent(req, this.deps.clock.now(), {
                  action: contract.id,
                  result: reply.statusCode < 400 && reply.errCode === ErrCode.SUCCESS ? 'success' : 'failure',
                  errCode: reply.statusCode < 400 ? reply.errCode : reply.errCode || ErrCode.INTERNAL,
                  target: req.auditInfo.target ?? '',
                }),
                req.log,
              );
            },
          }
        : {}),
    };
    this.app.withTypeProvider<ZodTypeProvider>().route({ method: contract.method, url: contract.path, ...options });
  }
}

export const decorateRequests = (app: FastifyInstance) => {
  app.decorateRequest('auth', null);
  app.decorateRequest('auditInfo', null as unknown as FastifyRequest['auditInfo']);
  app.decorateReply('errCode', 0);
  app.addHook('onRequest', async (req) => {
    // Taken now: once the client has hung up, the socket no longer knows its peer's address.
    req.auditInfo = { ip: req.ip };
  });
};
