import { sql, type Kysely } from 'kysely';
import { ErrCode, healthz } from '@portal/shared';
import type { Database } from '../../db/types.js';
import type { RouteKit } from '../../http/route-kit.js';
import { AppError } from '../../lib/app-error.js';

export const registerHealthRoutes = (kit: RouteKit, db: Kysely<Database>, version: string) => {
  kit.publicRoute(healthz, async () => {
    try {
      await sql`select 1`.execute(db);
    } catch {
      throw new AppError(ErrCode.INTERNAL, 'internal', 'database unreachable', { status: 503 });
    }
    return { status: 'ok' as const, version };
  });
};
