import { existsSync, readdirSync } from 'node:fs';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { contractAreas } from '@portal/shared';

/*
 * One word per area across the layers: a contract file packages/shared/src/api/<area>.ts is
 * served by the server module modules/<area>/ or by a routes file <area>.routes.ts inside a
 * module or one of its folders (jobs holds job-charts.routes.ts, alarms/aggregation
 * alarm-aggregation.routes.ts), and its contracts' ids start with the area
 * (checked in packages/shared).
 */

const root = new URL('../../../', import.meta.url);
const at = (path: string) => fileURLToPath(new URL(path, root));
const kebab = (camel: string) => camel.replace(/[A-Z]/g, (c) => `-${c.toLowerCase()}`);
const modules = readdirSync(at('apps/server/src/modules'), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

/** A module's folder and its feature folders (alarms/notifications holds notices.routes.ts). */
const routesFolders = (m: string): string[] => {
  const folder = `apps/server/src/modules/${m}`;
  const subfolders = readdirSync(at(folder), { withFileTypes: true }).filter((d) => d.isDirectory());
  return [folder, ...subfolders.map((d) => `${folder}/${d.name}`)];
};

describe('areas', () => {
  it('list every contract file of packages/shared', () => {
    const files = readdirSync(at('packages/shared/src/api'))
      .filter((f) => f.endsWith('.ts') && !f.endsWith('.test.ts') && f !== 'all.ts' && f !== 'common.ts')
      .map((f) => f.replace(/\.ts$/, ''))
      .sort();
    expect(Object.keys(contractAreas).map(kebab).sort()).toEqual(files);
  });

  it('have a server module or routes file of the same name', () => {
    const unserved = Object.keys(contractAreas)
      .map(kebab)
      .filter(
        (area) =>
          !modules.includes(area) && !modules.some((m) => routesFolders(m).some((f) => existsSync(at(`${f}/${area}.routes.ts`)))),
      );
    expect(unserved).toEqual([]);
  });
});
