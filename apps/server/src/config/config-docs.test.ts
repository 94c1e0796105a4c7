import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { configReference } from './config-docs.js';

describe('docs/configuration.md', () => {
  it('is the reference generated from the config schema (run `npm run docs:generate` after changing it)', () => {
    const onDisk = readFileSync(new URL('../../../../docs/configuration.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(configReference());
  });

  it('documents every top-level key and the environment overrides', () => {
    const doc = configReference();
    for (const key of [
      'server.host',
      'server.port',
      'dataDir',
      'database.url',
      'admin.password',
      'auth.registrationEnabled',
      'mail.smtp.host',
      'clusters[].id',
    ])
      expect(doc).toContain(`\`${key}\``);
    for (const env of [
      'PORTAL_HOST',
      'PORTAL_PORT',
      'PORTAL_DATA_DIR',
      'DATABASE_URL',
      'PORTAL_ADMIN_USER',
      'PORTAL_ADMIN_PASSWORD',
    ])
      expect(doc).toContain(`\`${env}\``);
  });
});

describe('docs/api-endpoints.md', () => {
  it('lists every contract as generated (run `npm run docs:generate` after adding an endpoint)', async () => {
    const { endpointReference } = await import('../http/api-docs.js');
    const onDisk = readFileSync(new URL('../../../../docs/api-endpoints.md', import.meta.url), 'utf8');
    expect(onDisk).toBe(endpointReference());
  });
});
