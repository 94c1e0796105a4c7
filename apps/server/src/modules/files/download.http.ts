import { posix } from 'node:path';
import type { FastifyReply } from 'fastify';
import { contentDisposition, ErrCode } from '@portal/shared';
import { sendError } from '../../http/envelope.js';
import { AppError } from '../../lib/app-error.js';
import { viaFiles } from './file-errors.js';
import type { Opened } from './files.service.js';

/* Downloads: a file with HTTP Range support, or a folder as a streamed .tar.gz. */

/** Images a browser may show inline; anything else is always an attachment. */
const IMAGE_TYPES: Record<string, string> = {
  '.png': 'image/png',
  '.jpg': 'image/jpeg',
  '.jpeg': 'image/jpeg',
  '.gif': 'image/gif',
  '.webp': 'image/webp',
  '.bmp': 'image/bmp',
  '.ico': 'image/x-icon',
};

export type ByteRange = { start: number; end: number };

/**
 * One `bytes=` range of a file of `size` bytes: null when absent or not a single byte range (the
 * whole file is sent, as RFC 9110 allows), 'unsatisfiable' when it lies outside the file.
 */
export const parseRange = (header: string | undefined, size: number): ByteRange | null | 'unsatisfiable' => {
  const m = header?.match(/^bytes=(\d*)-(\d*)$/);
  if (!m || (m[1] === '' && m[2] === '')) return null;
  if (m[1] === '') {
    // Suffix range: the last N bytes.
    const n = Number(m[2]);
    if (n === 0 || size === 0) return 'unsatisfiable';
    return { start: Math.max(0, size - n), end: size - 1 };
  }
  const start = Number(m[1]);
  const end = m[2] === '' ? size - 1 : Math.min(Number(m[2]), size - 1);
  if (start >= size || end < start) return 'unsatisfiable';
  return { start, end };
};

export const sendDownload = async (
  o: Opened,
  path: string,
  inline: boolean,
  rangeHeader: string | undefined,
  reply: FastifyReply,
) =>
  viaFiles(async () => {
    const file = await o.guard.check(path);
    const st = await o.session.stat(file);
    const name = posix.basename(file) || 'root';
    reply.header('x-content-type-options', 'nosniff').header('cache-control', 'private, no-store');
    if (st.kind === 'dir') {
      // Streamed as tar writes it: the size is unknown, so no content-length and no ranges.
      const archive = await o.session.archive(file);
      return reply
        .header('content-disposition', contentDisposition('attachment', `${name}.tar.gz`))
        .type('application/gzip')
        .send(archive);
    }
    if (st.kind !== 'file') throw new AppError(ErrCode.PARAM_INVALID, 'validation', 'Only files and folders can be downloaded');
    const range = parseRange(rangeHeader, st.size);
    if (range === 'unsatisfiable')
      return sendError(
        reply.header('content-range', `bytes */${st.size}`),
        ErrCode.PARAM_INVALID,
        'rangeNotSatisfiable',
        'The requested range is outside the file',
        {
          status: 416,
          extra: { size: st.size },
        },
      );
    const image = IMAGE_TYPES[posix.extname(name).toLowerCase()];
    reply
      .header('accept-ranges', 'bytes')
      .header('content-disposition', contentDisposition(inline && image ? 'inline' : 'attachment', name))
      .header('last-modified', new Date(st.mtimeMs).toUTCString())
      .type(image ?? 'application/octet-stream');
    if (range) {
      const stream = await o.session.createReadStream(file, range);
      return reply
        .code(206)
        .header('content-range', `bytes ${range.start}-${range.end}/${st.size}`)
        .header('content-length', range.end - range.start + 1)
        .send(stream);
    }
    // An empty range would make createReadStream read past the end: answer empty files directly.
    if (st.size === 0) return reply.header('content-length', 0).send(Buffer.alloc(0));
    const stream = await o.session.createReadStream(file);
    return reply.header('content-length', st.size).send(stream);
  });
