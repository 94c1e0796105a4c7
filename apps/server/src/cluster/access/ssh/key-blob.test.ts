import { describe, expect, it } from 'vitest';
import { generatePortalKeyPair } from '../../../modules/keys/keys.service.js';
import { keyBlob } from './ssh-access.js';

describe('keyBlob', () => {
  it('finds the base64 blob after the key type, with or without options and comment', () => {
    const line = generatePortalKeyPair('x@y').public.trim();
    const blob = line.split(' ')[1] ?? '';
    expect(keyBlob(line)).toBe(blob);
    expect(keyBlob(`no-pty,command="echo hi" ${line}`)).toBe(blob);
    expect(keyBlob(`ssh-ed25519 ${blob}`)).toBe(blob);
  });

  it('refuses text that is not a public key line, so nothing else reaches the script', () => {
    for (const bad of ['', 'ssh-ed25519', 'ssh-ed25519 $(rm -rf ~)', 'hello world this is not a key at all']) {
      expect(() => keyBlob(bad), bad).toThrow(/not an OpenSSH public key line/);
    }
  });
});
