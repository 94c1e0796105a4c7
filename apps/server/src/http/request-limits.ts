import type { Socket } from 'node:net';
import type { FastifyError, FastifyInstance, FastifyReply, FastifyRequest, FastifyServerOptions } from 'fastify';
import { ErrCode, errCodeDefaults, type ErrReasonValue } from '@portal/shared';
import { AppError } from '../lib/app-error.js';
import { sendError } from './envelope.js';

/** The largest request body read (JSON and forms); file chunks have their own limit. */
export const BODY_LIMIT = 1024 * 1024;
/** The deepest JSON a body may nest: no contract goes past 3, and deep values make recursive readers overflow. */
export const MAX_JSON_DEPTH = 64;
/** The longest path parameter the router accepts (Fastify's default, named so the docs and tests agree). */
export const MAX_PARAM_LENGTH = 100;

/**
 * Whether JSON text nests deeper than `max` arrays and objects: one linear pass counting brackets
 * outside strings, before JSON.parse, so nothing recursive ever sees a deep value.
 */
export const jsonTooDeep = (text: string, max: number): boolean => {
  let depth = 0;
  let inString = false;
  for (let i = 0; i < text.length; i++) {
    const c = text.charCodeAt(i);
    if (inString) {
      if (c === 0x5c)
        i++; // backslash: the next character is escaped
      else if (c === 0x22) inString = false;
    } else if (c === 0x22) inString = true;
    else if (c === 0x5b || c === 0x7b) {
      if (++depth > max) return true;
    } else if (c === 0x5d || c === 0x7d) depth--;
  }
  return false;
};

const refusal = (reason: ErrReasonValue, message: string) => new AppError(ErrCode.PARAM_INVALID, reason, message);

/** JSON bodies: an empty one is no body ("no payload" calls may still say application/json). */
export const registerJsonParser = (app: FastifyInstance) => {
  app.addContentTypeParser('application/json', { parseAs: 'string' }, (_req, body, done) => {
    const text = typeof body === 'string' ? body : body.toString('utf8');
    if (text.trim() === '') return done(null, undefined);
    if (jsonTooDeep(text, MAX_JSON_DEPTH)) return done(refusal('bodyTooDeep', `JSON nests deeper than ${MAX_JSON_DEPTH} levels`));
    try {
      done(null, JSON.parse(text));
    } catch {
      done(refusal('invalidJson', 'Body is not valid JSON'));
    }
  });
};

/** Fastify's own 4xx errors (before any handler ran), with the reason the console translates. */
export const frameworkErrorReason = (
  err: FastifyError,
): { status: number; code: 10004 | 10011; reason: ErrReasonValue; message: string } | null => {
  switch (err.code) {
    case 'FST_ERR_CTP_BODY_TOO_LARGE':
      return {
        status: 413,
        code: ErrCode.FILE_TOO_LARGE,
        reason: 'bodyTooLarge',
        message: `Request body over ${BODY_LIMIT} bytes`,
      };
    case 'FST_ERR_CTP_INVALID_MEDIA_TYPE':
      return { status: 415, code: ErrCode.PARAM_INVALID, reason: 'unsupportedContentType', message: 'Unsupported content type' };
    case 'FST_ERR_MAX_PARAM_LENGTH':
      return {
        status: 414,
        code: ErrCode.PARAM_INVALID,
        reason: 'urlTooLong',
        message: `A path parameter is over ${MAX_PARAM_LENGTH} characters`,
      };
    case 'FST_ERR_BAD_URL':
      return { status: 400, code: ErrCode.PARAM_INVALID, reason: 'badUrl', message: 'The address is not a valid URL' };
    default:
      return null;
  }
};

/**
 * Errors the router raises before any route (a path parameter too long, a bad escape in the
 * path): answered in the envelope, never echoing the address back.
 */
const frameworkErrors = (err: FastifyError, _req: FastifyRequest, reply: FastifyReply) => {
  const known = frameworkErrorReason(err);
  if (known) return sendError(reply, known.code, known.reason, known.message, { status: known.status });
  return sendError(reply, ErrCode.PARAM_INVALID, 'validation', undefined, {
    status: err.statusCode && err.statusCode < 500 ? err.statusCode : 400,
  });
};

/** A raw envelope written on the socket: Node's HTTP parser refused the request before Fastify saw it. */
const rawEnvelope = (status: number, statusText: string, reason: ErrReasonValue, message: string) => {
  const body = JSON.stringify({ errCode: ErrCode.PARAM_INVALID, errMsg: message, data: { reason } });
  return (
    `HTTP/1.1 ${status} ${statusText}\r\nContent-Type: application/json; charset=utf-8\r\n` +
    `Content-Length: ${Buffer.byteLength(body)}\r\nConnection: close\r\n\r\n${body}`
  );
};

const clientErrorHandler = (err: Error & { code?: string }, socket: Socket) => {
  if (err.code === 'ECONNRESET' || socket.destroyed) return;
  const answer =
    err.code === 'HPE_HEADER_OVERFLOW'
      ? rawEnvelope(431, 'Request Header Fields Too Large', 'headersTooLarge', 'The request line or headers are too large')
      : err.code === 'ERR_HTTP_REQUEST_TIMEOUT'
        ? rawEnvelope(408, 'Request Timeout', 'requestTimeout', 'The request took too long to arrive')
        : rawEnvelope(400, 'Bad Request', 'badRequest', errCodeDefaults[ErrCode.PARAM_INVALID].message);
  if (socket.writable) socket.end(answer, () => socket.destroy());
  else socket.destroy();
};

/** Server options so that every refusal made below the routes still leaves in the envelope. */
export const requestLimitOptions = {
  bodyLimit: BODY_LIMIT,
  routerOptions: { maxParamLength: MAX_PARAM_LENGTH },
  frameworkErrors,
  clientErrorHandler,
} satisfies Partial<FastifyServerOptions>;
