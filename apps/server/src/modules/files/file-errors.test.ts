import { describe, expect, it } from 'vitest';
import { FileAccessError, SshUnavailableError } from '../../cluster/access/types.js';
import { toAppError } from './file-errors.js';
import { OutsideRootsError } from './paths.js';

describe('file errors as answers', () => {
  it('give each access-layer reason its own status and reason', () => {
    const cases: [FileAccessError['reason'], number, string][] = [
      ['notFound', 404, 'fileNotExist'],
      ['exists', 409, 'fileExists'],
      ['denied', 403, 'fileDenied'],
      ['noSpace', 507, 'noSpace'],
      ['quota', 507, 'quotaExceeded'],
      ['loop', 400, 'symlinkLoop'],
      ['nameTooLong', 400, 'nameTooLong'],
      ['outsideRoots', 403, 'pathOutsideRoots'],
      ['failed', 500, 'fileOperationFailed'],
    ];
    for (const [reason, status, answer] of cases) {
      const e = toAppError(new FileAccessError(reason, `/srv/secret/path: ${reason}`));
      expect(e?.status, reason).toBe(status);
      expect(e?.reason).toBe(answer);
      // Server paths stay in the logs.
      expect(e?.message).not.toContain('/srv/secret');
    }
    expect(toAppError(new FileAccessError('notFound', 'x'))?.message).toBe('file not exist');
  });

  it("use the spec's texts when the login node is away", () => {
    const connect = toAppError(new SshUnavailableError('connect', 'ECONNREFUSED'));
    expect(connect).toMatchObject({ reason: 'sshUnavailable', status: 503, code: 10012 });
    expect(connect?.message).toBe('ssh connection is error, please check if the net is available!');
    expect(toAppError(new SshUnavailableError('node', 'auth failed'))?.message).toBe('ssh node failed');
  });

  it('answer a refused path with 403 and leave other errors to the central handler', () => {
    expect(toAppError(new OutsideRootsError('/etc'))).toMatchObject({ status: 403, reason: 'pathOutsideRoots' });
    expect(toAppError(new TypeError('bug'))).toBeNull();
  });
});
