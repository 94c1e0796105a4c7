import {
  citrixSignIn,
  citrixSignOut,
  citrixStatus,
  contentDisposition,
  ICA_CONTENT_TYPE,
  launchCitrixDesktop,
  listCitrixDesktops,
} from '@portal/shared';
import type { RouteKit } from '../../http/route-kit.js';
import type { CitrixService } from './citrix.service.js';

export const registerCitrixRoutes = (kit: RouteKit, citrix: CitrixService) => {
  kit.route(citrixStatus, ({ auth }) => citrix.status(auth));

  // The audit line names the StoreFront user; the password is in no log, audit line or answer.
  kit.route(citrixSignIn, ({ auth, body, req }) => {
    req.auditInfo.target = citrix.storeFrontUser(auth);
    return citrix.signIn(auth, body.password);
  });

  kit.route(citrixSignOut, ({ auth }) => citrix.signOut(auth));

  kit.route(listCitrixDesktops, ({ auth }) => citrix.list(auth));

  kit.route(launchCitrixDesktop, async ({ auth, query, req, reply }) => {
    req.auditInfo.target = query.id;
    const launch = await citrix.launch(auth, query.id);
    req.auditInfo.target = `${launch.name} (${query.id})`;
    // The file holds a logon ticket: for this download only, never for a cache.
    return reply
      .header('content-disposition', contentDisposition('attachment', launch.fileName))
      .header('cache-control', 'no-store')
      .type(ICA_CONTENT_TYPE)
      .send(launch.ica);
  });
};
