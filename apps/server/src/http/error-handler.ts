import type { FastifyError, FastifyInstance, FastifyRequest } from 'fastify';
import { hasZodFastifySchemaValidationErrors } from 'fastify-type-provider-zod';
import { ErrCode } from '@portal/shared';
import { AppError } from '../lib/app-error.js';
import { sendError } from './envelope.js';
import { frameworkErrorReason } from './request-limits.js';

type Issue = { instancePath: string; message?: string };

const isMissing = (source: unknown, instancePath: string): boolean => {
  let cur: unknown = source;
  for (const key of instancePath.split('/').filter(Boolean)) {
    if (cur == null || typeof cur !== 'object') return true;
    cur = (cur as Record<string, unknown>)[key];
  }
  return cur === undefined || cur === null || cur === '';
};

const validationSource = (req: FastifyRequest, context: string | undefined): unknown => {
  if (context === 'querystring') return req.query;
  if (context === 'params') return req.params;
  if (context === 'headers') return req.headers;
  return req.body;
};

/**
 * The one error handler: every failure leaves as an envelope with a truthful status. Input errors
 * are 400 with 10003 (something required is missing) or 10004 (something is malformed); 5xx
 * answers never show internals.
 */
export const registerErrorHandler = (app: FastifyInstance) => {
  app.setErrorHandler((err: FastifyError | AppError, req, reply) => {
    if (err instanceof AppError) {
      const error = err;
      // A failure nobody explained (a file operation the cluster failed without a reason): worth a
      // line. Known states of the machine (scheduler away: logged once by its poller; ssh down; a
      // full disk) are answered, not logged on every request.
      if (error.status === 500) req.log.warn({ err: error, reason: error.reason }, 'request failed');
      return sendError(reply, error.code, error.reason, error.message, { status: error.status, extra: error.extra });
    }
    const error = err;
    if (hasZodFastifySchemaValidationErrors(error)) {
      const source = validationSource(req, error.validationContext);
      const issues: Issue[] = error.validation;
      const missing = issues.some((i) => isMissing(source, i.instancePath));
      const code = missing ? ErrCode.PARAM_INCOMPLETE : ErrCode.PARAM_INVALID;
      return sendError(reply, code, 'validation', undefined, {
        extra: {
          issues: issues.map((i) => ({ path: i.instancePath.replace(/^\//, '').replace(/\//g, '.'), message: i.message ?? '' })),
        },
      });
    }
    const known = frameworkErrorReason(error);
    if (known) return sendError(reply, known.code, known.reason, known.message, { status: known.status });
    const status = error.statusCode ?? 500;
    if (status === 413)
      return sendError(reply, ErrCode.FILE_TOO_LARGE, 'bodyTooLarge', 'Request body too large', { status: 413 });
    if (status >= 400 && status < 500) {
      // Malformed JSON, unsupported content type and the like: the client's fault, never a 500.
      return sendError(reply, ErrCode.PARAM_INVALID, 'validation', 'invalid parameter', { status });
    }
    req.log.error({ err: error }, 'request failed');
    return sendError(reply, ErrCode.INTERNAL, 'internal');
  });
};
