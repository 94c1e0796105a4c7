import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { generatePortalKeyPair } from './keys.service.js';
import { toPpk } from './ppk.js';

// A throw-away key made for this test with ssh-keygen, and the .ppk PuTTY's puttygen 0.78 made of
// it (`puttygen test-ed25519 -O private -o test-ed25519.ppk`): the expected output, byte for byte.
const fixture = (name: string) => readFileSync(join(import.meta.dirname, 'fixtures', name), 'utf8');

describe('PuTTY .ppk export', () => {
  it("writes exactly what PuTTY's puttygen writes for the same key", () => {
    expect(toPpk(fixture('test-ed25519'))).toBe(fixture('test-ed25519.ppk'));
  });

  it('refuses what is not an unencrypted ed25519 private key', () => {
    const pair = generatePortalKeyPair('x@y');
    expect(() => toPpk(pair.public)).toThrow(/private key/);
    expect(() => toPpk('nonsense')).toThrow(/private key/);
  });

  // With PuTTY's tools installed (Debian: putty-tools), puttygen itself must read a portal key's
  // .ppk back to the same public key.
  it.runIf(existsSync('/usr/bin/puttygen'))('is read by puttygen as the same key', () => {
    const pair = generatePortalKeyPair('alice@hpc-portal');
    const dir = mkdtempSync(join(tmpdir(), 'ppk-'));
    try {
      writeFileSync(join(dir, 'k.ppk'), toPpk(pair.private), { mode: 0o600 });
      const pub = execFileSync('/usr/bin/puttygen', [join(dir, 'k.ppk'), '-O', 'public-openssh'], { encoding: 'utf8' });
      expect(pub.trim().split(' ').slice(0, 2)).toEqual(pair.public.trim().split(' ').slice(0, 2));
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
