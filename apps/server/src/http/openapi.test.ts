import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { allContracts } from '@portal/shared';
import { createTestApp, TestClient, type TestApp } from '../test/harness.js';

/* The OpenAPI document is generated from the contracts, so it lists every endpoint there is. */

type Operation = {
  operationId?: string;
  security?: unknown[];
  requestBody?: unknown;
  parameters?: { name: string; in: string }[];
};
type OpenApi = { openapi: string; info: { title: string; version: string }; paths: Record<string, Record<string, Operation>> };

/** Fastify's `:param` is OpenAPI's `{param}`. */
const openApiPath = (path: string) => path.replace(/:(\w+)/g, '{$1}');

describe('OpenAPI document', () => {
  let t: TestApp;
  let doc: OpenApi;
  beforeAll(async () => {
    t = await createTestApp();
    const res = await new TestClient(t.app).raw('GET', '/api/docs/json');
    expect(res.statusCode).toBe(200);
    doc = res.json();
  });
  afterAll(() => t.close());

  it('is an OpenAPI 3.1 document of the portal', () => {
    expect(doc.openapi).toBe('3.1.0');
    expect(doc.info.title).toBe('HPC Portal API');
    expect(doc.info.version).toMatch(/^\d+\.\d+\.\d+/);
  });

  it('lists every contract under its path and method, named by its id', () => {
    const missing: string[] = [];
    for (const c of allContracts) {
      const op = doc.paths[openApiPath(c.path)]?.[c.method.toLowerCase()];
      if (!op) missing.push(`${c.method} ${c.path}`);
      else expect(op.operationId, c.id).toBe(c.id);
    }
    expect(missing).toEqual([]);
  });

  it('lists nothing that is not a contract', () => {
    const documented = Object.entries(doc.paths).flatMap(([path, ops]) =>
      Object.keys(ops)
        .filter((m) => m !== 'head')
        .map((m) => `${m.toUpperCase()} ${path}`),
    );
    expect(documented.sort()).toEqual(allContracts.map((c) => `${c.method} ${openApiPath(c.path)}`).sort());
  });

  it('documents path parameters, bodies and the session requirement', () => {
    const download = doc.paths['/commonsoft/download/{kind}/{name}']?.get;
    expect(
      download?.parameters
        ?.filter((p) => p.in === 'path')
        .map((p) => p.name)
        .sort(),
    ).toEqual(['kind', 'name']);
    expect(doc.paths['/login/loginAuth.action']?.post?.requestBody).toBeDefined();
    expect(doc.paths['/login/loginAuth.action']?.post?.security).toBeUndefined();
    expect(doc.paths['/sys_gvuserma/gvuserma/queryUser.action']?.post?.security).toEqual([{ session: [] }]);
  });

  it('shows the API docs page as HTML', async () => {
    const res = await new TestClient(t.app).raw('GET', '/api/docs');
    expect(res.statusCode).toBe(200);
    expect(res.headers['content-type']).toMatch(/text\/html/);
    expect(res.body).toMatch(/<html/i);
  });
});
