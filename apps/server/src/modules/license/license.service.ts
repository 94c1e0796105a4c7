import { createPublicKey, verify } from 'node:crypto';
import { readFileSync } from 'node:fs';
import { z } from 'zod';
import type { LicenseInfo } from '@portal/shared';
import type { Config } from '../../config/schema.js';
import type { Clock } from '../../lib/time.js';

/**
 * The project's licence-signing public key. Centres that issue their own licences set
 * `license.publicKey`; `scripts/license.ts` makes key pairs and signs licence files.
 */
export const PROJECT_LICENSE_PUBLIC_KEY = `-----BEGIN PUBLIC KEY-----
MCowBQYDK2VwAyEA4J2EcuK7i9RvsbA/MJcvRqHkUteXVBBBKgvhUjZnw/U=
-----END PUBLIC KEY-----`;

/** What a licence file grants; the file is `{payload: base64(JSON), signature: base64(ed25519)}`. */
export const LicensePayload = z.object({
  customer: z.string(),
  /** Version number: 1 standard, 2 data center, 3 HPC, 4 industrial cloud, 0 by system version type. */
  edition: z.number().int().min(0).max(4),
  nodeCount: z.number().int().nonnegative(),
  expiresAt: z.iso.datetime({ offset: true }),
});
export type LicensePayload = z.infer<typeof LicensePayload>;

const LicenseFile = z.object({ payload: z.string(), signature: z.string() });

const DAY_MS = 86_400_000;

/** Reads and verifies a licence file; throws with the reason when it is not valid. */
export const readLicenseFile = (file: string, publicKeyPem: string): LicensePayload => {
  const parsed = LicenseFile.parse(JSON.parse(readFileSync(file, 'utf8')));
  const payload = Buffer.from(parsed.payload, 'base64');
  const ok = verify(null, payload, createPublicKey(publicKeyPem), Buffer.from(parsed.signature, 'base64'));
  if (!ok) throw new Error('the licence signature does not match');
  return LicensePayload.parse(JSON.parse(payload.toString('utf8')));
};

/** Licence state for the about dialog: a signed licence file, or the free trial. */
export class LicenseService {
  private license: LicensePayload | null = null;
  /** Why the configured licence file was not accepted, for the start-up log. */
  readonly problem: string | null = null;

  constructor(
    private readonly config: Config,
    private readonly clock: Clock,
    private readonly installedAt: number,
  ) {
    const { file, publicKey } = config.license;
    if (file) {
      try {
        this.license = readLicenseFile(file, publicKey ?? PROJECT_LICENSE_PUBLIC_KEY);
      } catch (err) {
        this.problem = `licence file ${file} ignored: ${(err as Error).message}`;
      }
    }
  }

  info(): Omit<LicenseInfo, 'clusterNodes'> {
    const now = this.clock.now();
    const base = { systemVersionType: this.config.ui.systemVersionType };
    if (this.license) {
      const end = Date.parse(this.license.expiresAt);
      return {
        ...base,
        versionNumber: this.license.edition,
        keyStatus: 'plugged',
        trial: false,
        expired: end <= now,
        remainingDays: Math.max(0, Math.ceil((end - now) / DAY_MS)),
        nodeCount: this.license.nodeCount,
        customer: this.license.customer,
        expiresAt: new Date(end).toISOString(),
      };
    }
    const end = this.installedAt + this.config.license.trialDays * DAY_MS;
    return {
      ...base,
      versionNumber: 0,
      keyStatus: 'unplugged',
      trial: true,
      expired: end <= now,
      remainingDays: Math.max(0, Math.ceil((end - now) / DAY_MS)),
      nodeCount: this.config.license.trialNodes,
      customer: '',
      expiresAt: new Date(end).toISOString(),
    };
  }
}
