import { describe, expect, it } from 'vitest';
import { fromStderr, toFileError } from './errors.js';
import { sftpError } from './ssh/ssh-errors.js';

/* The reasons behind failed file calls, from errnos (local), program output and SFTP codes (ssh). */

const errno = (code: string) => Object.assign(new Error(`${code}: failed`), { code });

describe('file error reasons', () => {
  it('come from errnos, a loop and a too-long name included', () => {
    expect(toFileError(errno('ELOOP'), '/h/a').reason).toBe('loop');
    expect(toFileError(errno('ENAMETOOLONG'), '/h/a').reason).toBe('nameTooLong');
    // An unreadable parent: the same errno as the entry itself.
    expect(toFileError(errno('EACCES'), '/h/closed/a').reason).toBe('denied');
    expect(toFileError(errno('EIO'), '/h/a').reason).toBe('failed');
  });

  it("come from programs' error output (find, tar, cp) in the C locale", () => {
    expect(fromStderr("find: '/h/loop': Too many levels of symbolic links\n", 'x').reason).toBe('loop');
    expect(fromStderr(`tar: ${'a'.repeat(300)}: Cannot stat: File name too long\n`, 'x').reason).toBe('nameTooLong');
    expect(fromStderr("find: '/h/closed': Permission denied\n", 'x').reason).toBe('denied');
  });

  it('come from SFTP status codes, BAD_MESSAGE on a too-long name meaning ENAMETOOLONG', () => {
    const status = (code: number) => Object.assign(new Error('sftp'), { code });
    expect(sftpError(status(2), '/h/a').reason).toBe('notFound');
    expect(sftpError(status(3), '/h/closed/a').reason).toBe('denied');
    expect(sftpError(status(5), `/h/${'文'.repeat(100)}`).reason).toBe('nameTooLong');
    expect(sftpError(status(5), '/h/short').reason).toBe('failed');
    expect(sftpError(status(4), '/h/a').reason).toBe('failed');
  });
});
