import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { ESLint } from 'eslint';
import { beforeAll, describe, expect, it } from 'vitest';

/*
 * The layers of docs/architecture.md are enforced by lint (eslint/server-layers.js and the web's
 * feature rule in eslint.config.js). These run the project's real ESLint config on small files
 * that do not exist on disk, placed where a careless change would put them.
 */

const root = fileURLToPath(new URL('../../..', import.meta.url));
let eslint: ESLint;

/** The layer rules a file of this text, at this place in the repository, breaks. */
const broken = async (file: string, code: string): Promise<string[]> => {
  const [result] = await eslint.lintText(code, { filePath: join(root, file) });
  return (result?.messages ?? [])
    .filter((m) => m.ruleId === 'import-x/no-restricted-paths' || m.ruleId === 'no-restricted-imports')
    .map((m) => m.message);
};

describe('layer rules', () => {
  beforeAll(() => {
    eslint = new ESLint({ cwd: root });
  });

  it('refuse a cluster adapter that imports a module', async () => {
    const code = "import type { JobsService } from '../modules/jobs/index.js';\nexport type X = JobsService;\n";
    expect(await broken('apps/server/src/cluster/scratch.ts', code)).toEqual([
      expect.stringMatching(/cluster\/.*never import modules\//),
    ]);
    expect(await broken('apps/server/src/db/scratch.ts', code)).toHaveLength(1);
  });

  it('refuse a route that imports another module, and let it import its own services', async () => {
    const other = "import type { SessionsService } from '../auth/index.js';\nexport type X = SessionsService;\n";
    expect(await broken('apps/server/src/modules/jobs/scratch.routes.ts', other)).toEqual([
      expect.stringMatching(/routes import only their own module/),
    ]);
    const own = "import type { JobsService } from './jobs.service.js';\nexport type X = JobsService;\n";
    expect(await broken('apps/server/src/modules/jobs/scratch.routes.ts', own)).toEqual([]);
    const repository = "import type { JobsRepository } from './jobs.repository.js';\nexport type X = JobsRepository;\n";
    expect(await broken('apps/server/src/modules/jobs/scratch.routes.ts', repository)).toEqual([
      expect.stringMatching(/through their services/),
    ]);
  });

  it("let a module use another only through that module's index.ts", async () => {
    const internal = "import type { UsersRepository } from '../users/users.repository.js';\nexport type X = UsersRepository;\n";
    expect(await broken('apps/server/src/modules/auth/scratch.service.ts', internal)).toEqual([
      expect.stringMatching(/only through its index\.ts/),
    ]);
    const publicFace = "import type { UserDirectory } from '../users/index.js';\nexport type X = UserDirectory;\n";
    expect(await broken('apps/server/src/modules/auth/scratch.service.ts', publicFace)).toEqual([]);
  });

  it('keep Fastify out of services and the HTTP kit free of modules', async () => {
    const fastify = "import type { FastifyInstance } from 'fastify';\nexport type X = FastifyInstance;\n";
    expect(await broken('apps/server/src/modules/jobs/scratch.service.ts', fastify)).toEqual([
      expect.stringMatching(/Only routes .* see Fastify/),
    ]);
    expect(await broken('apps/server/src/cluster/scratch.ts', fastify)).toHaveLength(1);
    const audit = "import type { AuditService } from '../modules/audit/index.js';\nexport type X = AuditService;\n";
    expect(await broken('apps/server/src/http/scratch.ts', audit)).toEqual([expect.stringMatching(/HTTP kit imports no module/)]);
  });

  it('refuse a web feature that imports another feature', async () => {
    const code = "import { folderQuery } from '../files/api/list-files';\nexport const x = folderQuery;\n";
    expect(await broken('apps/web/src/features/jobs/scratch.ts', code)).toEqual([
      expect.stringMatching(/Features never import each other/),
    ]);
  });
});
