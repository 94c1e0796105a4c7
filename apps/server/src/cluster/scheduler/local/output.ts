import { constants } from 'node:fs';
import { open } from 'node:fs/promises';
import { OutputMissingError, OutputTooLargeError, SchedulerRejectedError, type OutputRead } from '../types.js';

/*
 * Reads a job's output file: its last `tailBytes`, or all of it when it is at most `maxBytes`.
 * The caller has checked that the path lies in the reader's folder.
 */

/** Drops the bytes of a character cut by the start of a tail (UTF-8 continuation bytes). */
const skipCutCharacter = (buf: Buffer): Buffer => {
  let i = 0;
  while (i < buf.length && i < 4 && ((buf[i] as number) & 0xc0) === 0x80) i++;
  return buf.subarray(i);
};

export const readOutputFile = async (
  path: string,
  opts: {
    tailBytes?: number | undefined;
    maxBytes: number;
    /**
     * The reader's uid when the server (root) reads for a user: the file must be theirs, so a folder
     * swapped for a link after the caller's check cannot make root read someone else's file.
     */
    ownerUid?: number | undefined;
  },
): Promise<OutputRead> => {
  let fh;
  try {
    fh = await open(path, constants.O_RDONLY | constants.O_NOFOLLOW | constants.O_NONBLOCK);
  } catch (err) {
    const code = (err as NodeJS.ErrnoException).code;
    if (code === 'ENOENT' || code === 'ENOTDIR') throw new OutputMissingError(`no such file: ${path}`);
    if (code === 'ELOOP') throw new SchedulerRejectedError(`not a regular file: ${path}`);
    throw new SchedulerRejectedError(`cannot read ${path}: ${code ?? String(err)}`);
  }
  try {
    const st = await fh.stat();
    if (!st.isFile()) throw new SchedulerRejectedError(`not a regular file: ${path}`);
    if (opts.ownerUid !== undefined && st.uid !== opts.ownerUid)
      throw new SchedulerRejectedError(`cannot read ${path}: not a file of the user's`);
    const size = st.size;
    const maxBytes = Math.max(0, Math.floor(opts.maxBytes));
    if (opts.tailBytes === undefined && size > maxBytes) throw new OutputTooLargeError(size);
    const want = opts.tailBytes === undefined ? size : Math.min(size, Math.max(0, Math.floor(opts.tailBytes)), maxBytes);
    const buf = Buffer.alloc(want);
    let got = 0;
    while (got < want) {
      const { bytesRead } = await fh.read(buf, got, want - got, size - want + got);
      if (bytesRead === 0) break;
      got += bytesRead;
    }
    const truncated = want < size;
    const bytes = truncated ? skipCutCharacter(buf.subarray(0, got)) : buf.subarray(0, got);
    return { size, content: bytes.toString('utf8'), truncated };
  } finally {
    await fh.close();
  }
};
