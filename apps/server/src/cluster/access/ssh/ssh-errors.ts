import { FileAccessError, type FileErrorReason, SshUnavailableError } from '../types.js';

/** Network-level failures: the node cannot be reached (as opposed to refusing the portal). */
const NET_CODES = new Set(['ECONNREFUSED', 'ETIMEDOUT', 'ENOTFOUND', 'EAI_AGAIN', 'EHOSTUNREACH', 'ENETUNREACH', 'ECONNRESET']);

/**
 * A failed connect as the spec's two messages: 'connect' (the net) or 'node' (authentication,
 * host key, channel). The key is never part of the message.
 */
export const toSshUnavailable = (err: unknown, where: string): SshUnavailableError => {
  if (err instanceof SshUnavailableError) return err;
  const e = err as { code?: unknown; level?: unknown; message?: unknown } | null;
  const message = typeof e?.message === 'string' ? e.message : String(err);
  const network =
    (typeof e?.code === 'string' && NET_CODES.has(e.code)) ||
    e?.level === 'client-timeout' ||
    /Timed out while waiting for handshake/.test(message);
  return network
    ? new SshUnavailableError('connect', `ssh connection is error, please check if the net is available! (${where}: ${message})`)
    : new SshUnavailableError('node', `ssh node failed (${where}: ${message})`);
};

/**
 * SFTP status codes. OpenSSH's sftp-server maps ENOENT, ENOTDIR and ELOOP to NO_SUCH_FILE (so a
 * link loop reads as a missing file), EACCES/EPERM to PERMISSION_DENIED, ENAMETOOLONG and EINVAL to
 * BAD_MESSAGE, and the rest to FAILURE.
 */
const SFTP_REASON: Record<number, FileErrorReason> = { 2: 'notFound', 3: 'denied' };
const SFTP_BAD_MESSAGE = 5;

/** Over NAME_MAX (255 bytes) in one name or PATH_MAX (4096) in all: what BAD_MESSAGE means then. */
const overLongPath = (path: string): boolean =>
  Buffer.byteLength(path) >= 4096 || path.split('/').some((part) => Buffer.byteLength(part) > 255);

export const sftpError = (err: unknown, path: string): FileAccessError => {
  if (err instanceof FileAccessError) return err;
  const code = (err as { code?: unknown } | null)?.code;
  const reason =
    code === SFTP_BAD_MESSAGE && overLongPath(path) ? 'nameTooLong' : typeof code === 'number' ? SFTP_REASON[code] : undefined;
  return new FileAccessError(reason ?? 'failed', `${path}: ${reason ?? (err instanceof Error ? err.message : String(err))}`);
};
