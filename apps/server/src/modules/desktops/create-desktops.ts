import { join, resolve } from 'node:path';
import type { Kysely } from 'kysely';
import { DESKTOP_TICKET_SECONDS } from '@portal/shared';
import type { ClusterRegistry } from '../../cluster/registry.js';
import type { Database } from '../../db/types.js';
import type { Clock } from '../../lib/time.js';
import type { Logger } from '../../lib/logger.js';
import type { UserDirectory } from '../users/index.js';
import { AppTemplates } from './app-templates.js';
import { DesktopConnections } from './desktop-connections.js';
import { DesktopSharingService } from './desktop-sharing.service.js';
import { DesktopTickets } from './desktop-tickets.js';
import { DesktopsRepository } from './desktops.repository.js';
import { DesktopsService, type DesktopsDeps } from './desktops.service.js';

/**
 * The desktops module, wired: Xvnc as the user, and the browsers' connections and tickets, which
 * live in this process (docs/desktops.md). Application data files come from `templatesDir` (the
 * shipped ones) and `<dataDir>/templates/applications` (the centre's own).
 */
export const createDesktops = (d: {
  db: Kysely<Database>;
  clusters: ClusterRegistry;
  users: Pick<UserDirectory, 'findByName'>;
  masterKey: Buffer;
  submitJob: DesktopsDeps['submitJob'];
  templatesDir: string;
  dataDir: string;
  clock: Clock;
  log: Logger;
}) => {
  const repo = new DesktopsRepository(d.db);
  const connections = new DesktopConnections();
  const apps = new AppTemplates(
    [join(d.templatesDir, 'applications'), join(resolve(d.dataDir), 'templates', 'applications')],
    d.db,
    d.clock,
    d.log,
  );
  const { clusters, masterKey, clock } = d;
  return {
    desktopConnections: connections,
    desktops: new DesktopsService({ repo, clusters, connections, masterKey, submitJob: d.submitJob, apps, clock, log: d.log }),
    desktopSharing: new DesktopSharingService({
      repo,
      clusters,
      users: d.users,
      tickets: new DesktopTickets(clock, DESKTOP_TICKET_SECONDS * 1000),
      connections,
      masterKey,
      clock,
    }),
  };
};
