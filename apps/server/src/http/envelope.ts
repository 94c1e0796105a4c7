import type { FastifyReply } from 'fastify';
import { ErrCode, errCodeDefaults, type ErrCodeValue } from '@portal/shared';

declare module 'fastify' {
  interface FastifyReply {
    /** The envelope errCode this reply carries; read by the audit hook. */
    errCode: number;
  }
}

export const okEnvelope = <T>(data: T) => ({ errCode: ErrCode.SUCCESS, errMsg: 'success', data });

export const sendError = (
  reply: FastifyReply,
  code: Exclude<ErrCodeValue, 0>,
  reason: string,
  message?: string,
  options: { status?: number; extra?: Record<string, unknown> } = {},
) => {
  reply.errCode = code;
  return reply
    .code(options.status ?? errCodeDefaults[code].status)
    .type('application/json; charset=utf-8')
    .send({ errCode: code, errMsg: message ?? errCodeDefaults[code].message, data: { reason, ...options.extra } });
};
