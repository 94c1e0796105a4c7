import { contentDisposition, deleteKey, exportKey, importKey, listKeys } from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { KeysService } from './keys.service.js';
import { toPpk } from './ppk.js';

export const registerKeysRoutes = (kit: RouteKit, keys: KeysService) => {
  kit.route(importKey, async ({ auth, body, req }) => {
    req.auditInfo.target = body.rsaKeyName;
    const user = { id: auth.user.id, name: auth.user.userName };
    return { fingerprint: await keys.importPublicKey(user, body.rsaKeyName, body.rsaKeyContent) };
  });

  kit.route(listKeys, ({ auth }) => keys.list(auth.user.id));

  kit.route(deleteKey, async ({ auth, body, req }) => {
    req.auditInfo.target = await keys.deleteImported({ id: auth.user.id, name: auth.user.userName }, body.id);
    return {};
  });

  kit.route(exportKey, async ({ auth, query, reply }) => {
    const pem = await keys.exportPrivateKey(auth.user.id, auth.user.userName);
    const ppk = query.format === 'ppk';
    const fileName = `id_ed25519_${auth.user.userName.replace(/[^A-Za-z0-9_.-]/g, '_')}${ppk ? '.ppk' : ''}`;
    return reply
      .header('cache-control', 'no-store')
      .header('content-disposition', contentDisposition('attachment', fileName))
      .type('application/octet-stream')
      .send(ppk ? toPpk(pem) : pem);
  });
};
