import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { Role } from '@portal/shared';
import { generatePortalKeyPair } from '../modules/keys/keys.service.js';
import { createTestApp, signedIn, type TestApp, type TestClient } from '../test/harness.js';

/* importKey and queryLoginUser answer the spec's `result` (and `msg`) beside the envelope (spec section 7). */

describe('spec fields beside the envelope', () => {
  let t: TestApp;
  let user: TestClient;
  beforeAll(async () => {
    t = await createTestApp();
    user = await signedIn(t.app, 'spec_user', Role.user);
  });
  afterAll(() => t.close());

  const json = (body: string) => z.record(z.string(), z.unknown()).parse(JSON.parse(body));

  it('queryLoginUser: result true and msg with the data on success, result false and msg on an error', async () => {
    const ok = json((await user.raw('POST', '/pageframe/main/queryLoginUser.action')).body);
    expect(ok).toMatchObject({ errCode: 0, errMsg: 'success', result: true, msg: 'success', data: { userName: 'spec_user' } });
    const anonymous = await t.app.inject({ method: 'POST', url: '/pageframe/main/queryLoginUser.action' });
    expect(anonymous.statusCode).toBe(401);
    const refused = json(anonymous.body);
    expect(refused).toMatchObject({ errCode: 10009, result: false, data: { reason: 'notSignedIn' } });
    expect(refused.msg).toBe(refused.errMsg);
  });

  it('importKey: result true on success, false beside errMsg when the key is refused', async () => {
    const key = generatePortalKeyPair('me@laptop');
    const ok = json(
      (await user.raw('POST', '/pageframe/main/importKey.action', { body: { rsaKeyName: 'laptop', rsaKeyContent: key.public } }))
        .body,
    );
    expect(ok).toMatchObject({ errCode: 0, result: true, data: { fingerprint: expect.stringMatching(/^SHA256:/) } });
    const bad = json(
      (await user.raw('POST', '/pageframe/main/importKey.action', { body: { rsaKeyName: 'junk', rsaKeyContent: 'not a key' } }))
        .body,
    );
    expect(bad).toMatchObject({ errCode: 10004, result: false, errMsg: expect.any(String), data: { reason: 'keyInvalid' } });
    // A field the spec does not name for this call is not added.
    expect(bad).not.toHaveProperty('msg');
  });
});
