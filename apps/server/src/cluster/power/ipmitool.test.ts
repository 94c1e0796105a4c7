import { chmodSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import { IpmitoolPower } from './ipmitool.js';
import { BmcError } from './types.js';

/* What ipmitool is given: a stand-in program records its argv and environment. */

const dir = mkdtempSync(join(tmpdir(), 'portal-ipmitool-'));
const record = join(dir, 'record');
const fake = join(dir, 'ipmitool');
writeFileSync(
  fake,
  `#!/bin/sh
printf '%s\\n' "$@" > '${record}.argv'
env > '${record}.env'
case "$*" in
  *"power status"*) echo "Chassis Power is off" ;;
  *"power on"*) echo "Chassis Power Control: Up/On" ;;
  *) echo "Error: Unable to establish LAN session" >&2; exit 1 ;;
esac
`,
);
chmodSync(fake, 0o755);
const bmc = { host: '10.1.2.3', port: 6230, user: 'root', password: 'pa ss$word' };
const power = new IpmitoolPower({ program: fake, interface: 'lanplus', timeoutMs: 10_000 });

describe('IpmitoolPower', () => {
  afterAll(() => rmSync(dir, { recursive: true, force: true }));

  it('passes the password in the environment, never on the command line, and nothing of the server', async () => {
    expect(await power.status(bmc)).toBe('off');
    const argv = readFileSync(`${record}.argv`, 'utf8').trim().split('\n');
    expect(argv).toEqual([
      '-I',
      'lanplus',
      '-H',
      '10.1.2.3',
      '-p',
      '6230',
      '-U',
      'root',
      '-E',
      '-N',
      '2',
      '-R',
      '2',
      'chassis',
      'power',
      'status',
    ]);
    expect(argv.join(' ')).not.toContain('pa ss$word');
    const env = readFileSync(`${record}.env`, 'utf8');
    expect(env).toContain('IPMI_PASSWORD=pa ss$word');
    expect(env).not.toMatch(/DATABASE_URL|VITEST/);
  });

  it('turns a failure into a BmcError with the tool’s words', async () => {
    await power.set(bmc, 'on');
    const err = await power.set(bmc, 'off').catch((e: unknown) => e);
    expect(err).toBeInstanceOf(BmcError);
    expect(err instanceof BmcError ? err.detail : '').toContain('Unable to establish LAN session');
  });

  it('says when ipmitool is not installed', async () => {
    const missing = new IpmitoolPower({ program: join(dir, 'nope'), interface: 'lan', timeoutMs: 5000 });
    const err = await missing.status(bmc).catch((e: unknown) => e);
    expect(err instanceof BmcError ? err.detail : '').toContain('is not installed');
  });
});
