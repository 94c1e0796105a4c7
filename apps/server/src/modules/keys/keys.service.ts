import { createHash } from 'node:crypto';
import ssh2 from 'ssh2';
import { ErrCode, type PublicKey } from '@portal/shared';
import type { AccessUser } from '../../cluster/access/types.js';
import type { UserKeyRow } from '../../db/types.js';
import { AppError, notFound } from '../../lib/app-error.js';
import { decryptSecret, encryptSecret } from '../../lib/crypto.js';
import { iso, type Clock } from '../../lib/time.js';
import type { KeysRepository } from './keys.repository.js';

const { utils } = ssh2;

const fingerprintOf = (blob: Buffer) => `SHA256:${createHash('sha256').update(blob).digest('base64').replace(/=+$/, '')}`;

/**
 * A new ed25519 key pair in OpenSSH format. ssh2's generator drops leading zero bytes of the public
 * key, so about one pair in 256 comes out malformed (and would fail the approval or the download):
 * such a pair is thrown away and made again.
 */
export const generatePortalKeyPair = (comment: string): { private: string; public: string; parsed: ssh2.ParsedKey } => {
  for (let attempt = 0; attempt < 8; attempt++) {
    const pair = utils.generateKeyPairSync('ed25519', { comment });
    const parsed = utils.parseKey(pair.public);
    const privateKey = utils.parseKey(pair.private);
    if (!(parsed instanceof Error) && !(privateKey instanceof Error)) return { ...pair, parsed };
  }
  throw new Error('could not generate a valid ed25519 key pair');
};

const toPublicKey = (r: UserKeyRow): PublicKey => ({
  id: r.id,
  name: r.name,
  type: r.type,
  fingerprint: r.fingerprint,
  createdAt: iso(r.created_at),
  origin: r.origin === 'portal' ? 'portal' : 'imported',
});

/**
 * SSH keys of portal users: the ed25519 pair the portal makes at approval (private half encrypted
 * with the master key) and public keys users import. Installing them on login nodes is the
 * users module's provisioner, called after every import and deletion (`installKeys`).
 */
export class KeysService {
  constructor(
    private readonly repo: KeysRepository,
    private readonly clock: Clock,
    private readonly masterKey: Buffer,
    /** Installs the user's keys on every cluster and removes `revoked` lines; never throws. */
    private readonly installKeys: (user: AccessUser, revoked?: string[]) => Promise<unknown> = () => Promise.resolve(),
  ) {}

  async list(userId: number): Promise<PublicKey[]> {
    return (await this.repo.listFor(userId)).map(toPublicKey);
  }

  /** Every public key of the user (portal and imported), as authorized_keys lines. */
  async publicKeyLines(userId: number): Promise<string[]> {
    return (await this.repo.listFor(userId)).map((r) => r.public_key.trim());
  }

  /** Makes the user's portal key pair unless it exists; answers its row. */
  async ensurePortalKeyPair(userId: number, userName: string): Promise<UserKeyRow> {
    const existing = await this.repo.portalKey(userId);
    if (existing) return existing;
    const { parsed, ...pair } = generatePortalKeyPair(`${userName}@hpc-portal`);
    await this.repo.insertPortalKey({
      user_id: userId,
      name: 'portal',
      type: parsed.type,
      fingerprint: fingerprintOf(parsed.getPublicSSH()),
      public_key: pair.public,
      private_key_enc: encryptSecret(pair.private, this.masterKey),
      origin: 'portal',
      created_at: this.clock.now(),
    });
    const row = await this.repo.portalKey(userId);
    if (!row) throw new Error('portal key pair was not stored');
    return row;
  }

  /** The private key in OpenSSH format, made now if the user has none yet. */
  async exportPrivateKey(userId: number, userName: string): Promise<string> {
    const row = await this.ensurePortalKeyPair(userId, userName);
    if (!row.private_key_enc) throw new AppError(ErrCode.PARAM_INVALID, 'keyMissing', 'No private key is stored for this user');
    return decryptSecret(row.private_key_enc, this.masterKey);
  }

  /** Stores an imported public key and installs it on the clusters; answers its fingerprint. */
  async importPublicKey(user: AccessUser, name: string, content: string): Promise<string> {
    const userId = user.id;
    const text = content.trim();
    if (/PRIVATE KEY/.test(text))
      throw new AppError(ErrCode.PARAM_INVALID, 'keyInvalid', 'This is a private key: paste the public key (the .pub file)');
    const parsed = text.includes('\n') ? new Error('one key per import') : utils.parseKey(text);
    if (parsed instanceof Error || parsed.isPrivateKey())
      throw new AppError(ErrCode.PARAM_INVALID, 'keyInvalid', 'The key content is not a valid OpenSSH public key');
    const fingerprint = fingerprintOf(parsed.getPublicSSH());
    if (await this.repo.hasFingerprint(userId, fingerprint))
      throw new AppError(ErrCode.PARAM_INVALID, 'keyDuplicated', 'This key has already been imported', { status: 409 });
    await this.repo.insert({
      user_id: userId,
      name,
      type: parsed.type,
      fingerprint,
      public_key: text,
      private_key_enc: null,
      origin: 'imported',
      created_at: this.clock.now(),
    });
    await this.installKeys(user);
    return fingerprint;
  }

  /** Deletes an imported key and revokes it on the clusters (it stops opening them too); answers its name. */
  async deleteImported(user: AccessUser, id: number): Promise<string> {
    const row = await this.repo.findImported(user.id, id);
    if (!row) throw notFound();
    await this.repo.delete(id);
    await this.installKeys(user, [row.public_key.trim()]);
    return row.name;
  }
}
