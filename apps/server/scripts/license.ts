/*
 * Licence files for HPC Portal.
 *   tsx scripts/license.ts keygen <private-key.pem>        make a signing key pair (prints the public key)
 *   tsx scripts/license.ts sign <private-key.pem> <out.json> --customer NAME --edition 0-4 --nodes N --expires YYYY-MM-DD
 * Point `license.publicKey` at the printed public key (unless it is the project's own) and
 * `license.file` at the signed file.
 */
import { createPrivateKey, createPublicKey, generateKeyPairSync, sign } from 'node:crypto';
import { readFileSync, writeFileSync } from 'node:fs';
import { parseArgs } from 'node:util';
import { LicensePayload } from '../src/modules/license/license.service.js';

const [command, keyFile, outFile] = process.argv.slice(2);

if (command === 'keygen' && keyFile) {
  const { privateKey, publicKey } = generateKeyPairSync('ed25519');
  writeFileSync(keyFile, privateKey.export({ type: 'pkcs8', format: 'pem' }), { mode: 0o600 });
  process.stdout.write(publicKey.export({ type: 'spki', format: 'pem' }).toString());
} else if (command === 'sign' && keyFile && outFile) {
  const { values } = parseArgs({
    args: process.argv.slice(5),
    options: {
      customer: { type: 'string' },
      edition: { type: 'string' },
      nodes: { type: 'string' },
      expires: { type: 'string' },
    },
  });
  const payload = LicensePayload.parse({
    customer: values.customer,
    edition: Number(values.edition),
    nodeCount: Number(values.nodes),
    expiresAt: new Date(`${values.expires ?? ''}T23:59:59Z`).toISOString(),
  });
  const bytes = Buffer.from(JSON.stringify(payload));
  const key = createPrivateKey(readFileSync(keyFile));
  const file = { payload: bytes.toString('base64'), signature: sign(null, bytes, key).toString('base64') };
  writeFileSync(outFile, `${JSON.stringify(file, null, 2)}\n`);
  process.stdout.write(`signed ${outFile} for ${payload.customer}; verify with public key:\n`);
  process.stdout.write(createPublicKey(key).export({ type: 'spki', format: 'pem' }).toString());
} else {
  process.stderr.write(
    'usage: license.ts keygen <key.pem> | sign <key.pem> <out.json> --customer X --edition N --nodes N --expires YYYY-MM-DD\n',
  );
  process.exit(2);
}
