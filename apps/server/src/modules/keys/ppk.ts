import { createHmac } from 'node:crypto';
import ssh2 from 'ssh2';

/*
 * PuTTY's own key format (.ppk, version 3, unencrypted) for the portal's ed25519 keys, so Windows
 * users of PuTTY and WinSCP (offered in the download-tools dialog) need no puttygen step.
 * Layout (PuTTY manual, appendix C): header lines, the public blob and the private blob in base64
 * lines of 64 characters, and an HMAC-SHA-256 over the key's fields; with no encryption the MAC
 * key is empty. For ed25519 the private blob is the 32-byte seed as an SSH string.
 */

const sshString = (data: Buffer | string): Buffer => {
  const body = Buffer.isBuffer(data) ? data : Buffer.from(data, 'utf8');
  const length = Buffer.alloc(4);
  length.writeUInt32BE(body.length);
  return Buffer.concat([length, body]);
};

const base64Lines = (data: Buffer): string[] => data.toString('base64').match(/.{1,64}/g) ?? [];

/** The 32-byte seed at the end of an ed25519 PKCS#8 private key. */
const ed25519Seed = (pkcs8Pem: string): Buffer => {
  const der = Buffer.from(pkcs8Pem.replace(/-----[^-]+-----|\s/g, ''), 'base64');
  return der.subarray(der.length - 32);
};

/** Converts an unencrypted OpenSSH ed25519 private key into PuTTY .ppk (version 3) text. */
export const toPpk = (openSshPrivateKey: string): string => {
  const key = ssh2.utils.parseKey(openSshPrivateKey);
  if (key instanceof Error || !key.isPrivateKey()) throw new Error('not an unencrypted OpenSSH private key');
  if (key.type !== 'ssh-ed25519') throw new Error(`PuTTY export supports ed25519 keys, not ${key.type}`);
  const algorithm = key.type;
  const encryption = 'none';
  const comment = key.comment;
  const publicBlob = key.getPublicSSH();
  const privateBlob = sshString(ed25519Seed(key.getPrivatePEM()));
  const mac = createHmac('sha256', Buffer.alloc(0))
    .update(
      Buffer.concat([
        sshString(algorithm),
        sshString(encryption),
        sshString(comment),
        sshString(publicBlob),
        sshString(privateBlob),
      ]),
    )
    .digest('hex');
  const pub = base64Lines(publicBlob);
  const priv = base64Lines(privateBlob);
  return [
    `PuTTY-User-Key-File-3: ${algorithm}`,
    `Encryption: ${encryption}`,
    `Comment: ${comment}`,
    `Public-Lines: ${pub.length}`,
    ...pub,
    `Private-Lines: ${priv.length}`,
    ...priv,
    `Private-MAC: ${mac}`,
    '',
  ].join('\n');
};
