import { z } from 'zod';
import { defineContract } from '../contract.js';
import { patterns } from '../validation.js';
import { Ok, Timestamp } from './common.js';

export const ImportKeyBody = z.object({
  rsaKeyName: z.string().regex(patterns.keyName),
  rsaKeyContent: z.string().min(1).max(16384),
});
export type ImportKeyBody = z.input<typeof ImportKeyBody>;

export const importKey = defineContract({
  id: 'keys.importKey',
  method: 'POST',
  path: '/pageframe/main/importKey.action',
  permission: 'keys:manage',
  summary: 'Add an OpenSSH public key to the account',
  body: ImportKeyBody,
  data: z.object({ fingerprint: z.string() }),
  specFields: ['result'],
});

export const PublicKey = z.object({
  id: z.number().int(),
  name: z.string(),
  type: z.string(),
  fingerprint: z.string(),
  createdAt: Timestamp,
  /** 'portal' for the key pair the portal made at approval, 'imported' for the user's own keys. */
  origin: z.enum(['portal', 'imported']),
});
export type PublicKey = z.infer<typeof PublicKey>;

export const listKeys = defineContract({
  id: 'keys.listKeys',
  method: 'GET',
  path: '/pageframe/main/queryKeys.action',
  permission: 'keys:manage',
  summary: "The account's public keys",
  data: z.array(PublicKey),
});

export const deleteKey = defineContract({
  id: 'keys.deleteKey',
  method: 'POST',
  path: '/pageframe/main/deleteKey.action',
  permission: 'keys:manage',
  summary: 'Remove an imported public key',
  body: z.object({ id: z.union([z.number().int(), z.string().regex(/^\d+$/).transform(Number)]) }),
  data: Ok,
});

export const exportKey = defineContract({
  id: 'keys.exportKey',
  method: 'GET',
  path: '/pageframe/main/exportKey.action',
  permission: 'keys:manage',
  summary: "Download the account's private key: OpenSSH format, or PuTTY's .ppk with format=ppk",
  query: z.object({ format: z.enum(['openssh', 'ppk']).optional().default('openssh') }),
  data: z.string(),
  response: 'file',
  // A download is a read, but handing out a private key is worth a line in the audit log.
  audit: true,
});
