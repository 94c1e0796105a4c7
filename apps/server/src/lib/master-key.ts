import { randomBytes } from 'node:crypto';
import { chmodSync, existsSync, mkdirSync, readFileSync, writeFileSync } from 'node:fs';
import { dirname, join, resolve } from 'node:path';

/**
 * The key that encrypts secrets at rest (users' private keys). PORTAL_MASTER_KEY (base64, 32
 * bytes) wins, so several server instances can share it; otherwise it lives in
 * <dataDir>/secrets/master.key, created with mode 0600 on first start.
 */
export const loadMasterKey = (dataDir: string, env: Record<string, string | undefined> = process.env): Buffer => {
  const fromEnv = env.PORTAL_MASTER_KEY;
  if (fromEnv) {
    const key = Buffer.from(fromEnv, 'base64');
    if (key.length !== 32) throw new Error('PORTAL_MASTER_KEY must be 32 bytes in base64');
    return key;
  }
  const file = join(resolve(dataDir), 'secrets', 'master.key');
  if (!existsSync(file)) {
    mkdirSync(dirname(file), { recursive: true, mode: 0o700 });
    writeFileSync(file, randomBytes(32).toString('base64'), { mode: 0o600, flag: 'wx' });
  }
  // The server account's alone, also when made by an older version or by hand.
  chmodSync(dirname(file), 0o700);
  chmodSync(file, 0o600);
  const key = Buffer.from(readFileSync(file, 'utf8').trim(), 'base64');
  if (key.length !== 32) throw new Error(`${file} must hold 32 bytes in base64`);
  return key;
};
