// @ts-check
/*
 * The server's layers (docs/architecture.md), enforced. Modules are read from the folders, so a
 * new module is covered the day its folder exists:
 *   - db/, cluster/, lib/ and config/ sit below the modules and the HTTP layer;
 *   - http/ (the route kit) imports no module: it gets sessions and the audit writer as interfaces;
 *   - a module uses another module only through that module's index.ts;
 *   - a module's routes import only their own module (its services), never the wiring, the
 *     database, the cluster layer or a repository;
 *   - only routes (and *.http.ts helpers of routes) see Fastify.
 */
import { readdirSync } from 'node:fs';

const SRC = './apps/server/src';
const modules = readdirSync(new URL('../apps/server/src/modules', import.meta.url), { withFileTypes: true })
  .filter((d) => d.isDirectory())
  .map((d) => d.name);

const zones = [
  {
    target: [`${SRC}/db`, `${SRC}/cluster`, `${SRC}/lib`, `${SRC}/config`],
    from: [`${SRC}/modules`, `${SRC}/http`, `${SRC}/services.ts`, `${SRC}/app.ts`],
    message: 'db/, cluster/, lib/ and config/ sit below the modules: they never import modules/, http/ or the wiring.',
  },
  {
    target: `${SRC}/http`,
    from: [`${SRC}/modules`, `${SRC}/services.ts`],
    message: 'The HTTP kit imports no module: pass what it needs through an interface (see route-kit.ts).',
  },
  ...modules.map((m) => ({
    target: `${SRC}/modules/${m}`,
    from: `${SRC}/modules`,
    except: [`./${m}`, ...modules.filter((o) => o !== m).map((o) => `./${o}/index.ts`)],
    message: `A module uses another module only through its index.ts (its public services and types), never its repository or internals.`,
  })),
  ...modules.map((m) => ({
    target: `${SRC}/modules/${m}/**/*.routes.ts`,
    from: `${SRC}/modules`,
    except: [`./${m}`],
    message: `A module's routes import only their own module's services: let one of ${m}'s services use the other module.`,
  })),
  {
    target: `${SRC}/modules/**/*.routes.ts`,
    from: [`${SRC}/services.ts`, `${SRC}/app.ts`, `${SRC}/db`, `${SRC}/cluster`],
    message:
      "Routes receive their module's services from app.ts; the database and the cluster layer are reached through those services.",
  },
];

const fastify = {
  paths: [
    { name: 'fastify', message: 'Only routes (and *.http.ts helpers of routes) see Fastify; take a Logger from lib/logger.ts.' },
  ],
  patterns: [{ group: ['@fastify/*'], message: 'Only routes (and *.http.ts helpers of routes) see Fastify.' }],
};

/** @type {import('eslint').Linter.Config[]} */
export const serverLayers = [
  {
    files: ['apps/server/src/**/*.ts'],
    // Tests may reach into what they test; the test harness builds the whole app.
    ignores: ['**/*.test.ts', 'apps/server/src/test/**'],
    rules: { 'import-x/no-restricted-paths': ['error', { zones }] },
  },
  {
    files: ['apps/server/src/{modules,cluster,db,lib,config}/**/*.ts'],
    ignores: ['**/*.routes.ts', '**/*.http.ts', '**/*.test.ts'],
    rules: { 'no-restricted-imports': ['error', fastify] },
  },
  {
    files: ['apps/server/src/modules/**/*.routes.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ group: ['**/*.repository.js'], message: 'Routes reach the database through their services.' }] },
      ],
    },
  },
];
