import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { createUserAuthToken, getEfileUrl, listFiles, redeemUserAuthToken, Role } from '@portal/shared';
import { createTestApp, ManualClock, signedIn, TestClient, type TestApp } from '../../test/harness.js';

/* Spec section 7: the file-service window signs in with a one-time token from the portal page. */

describe('file service tokens', () => {
  let t: TestApp;
  let alice: TestClient;
  const clock = new ManualClock();

  beforeAll(async () => {
    t = await createTestApp({}, clock);
    alice = await signedIn(t.app, 'alice', Role.user);
  });
  afterAll(() => t.close());

  const token = async () => {
    const res = await alice.call(createUserAuthToken);
    expect(res.errCode).toBe(0);
    return res.data.token;
  };

  it('signs a new window in as the same user, once', async () => {
    const tok = await token();
    const win = new TestClient(t.app);
    expect((await win.call(listFiles)).status).toBe(401);
    const redeemed = await win.call(redeemUserAuthToken, { body: { token: tok } });
    expect(redeemed.errCode).toBe(0);
    expect(redeemed.data).toEqual({ userName: 'alice' });
    expect(win.cookies.get('portal_sid')).toBeTruthy();
    expect(win.csrf).toBeTruthy();
    const listed = await win.call(listFiles);
    expect(listed.errCode).toBe(0);
    expect(listed.data.home).toMatch(/\/alice$/);
    // Its own session: the window keeps working after the page signs out.
    expect(win.cookies.get('portal_sid')).not.toBe(alice.cookies.get('portal_sid'));
    const again = await new TestClient(t.app).call(redeemUserAuthToken, { body: { token: tok } });
    expect(again.status).toBe(401);
    expect(again.error?.reason).toBe('userAuthTokenInvalid');
  });

  it('takes the token only as JSON, so a form on another site cannot post one', async () => {
    const tok = await token();
    const win = new TestClient(t.app);
    const res = await win.call(redeemUserAuthToken, { body: { token: tok }, form: true });
    expect(res.status).toBe(415);
    expect(win.cookies.has('portal_sid')).toBe(false);
  });

  it('stores only a hash of the token', async () => {
    const tok = await token();
    const rows = await t.app.services.db.selectFrom('user_auth_tokens').select('id').execute();
    expect(rows.some((r) => r.id === tok)).toBe(false);
    expect(rows.length).toBeGreaterThan(0);
  });

  it('expires after 60 seconds', async () => {
    const tok = await token();
    clock.advance(61_000);
    const res = await new TestClient(t.app).call(redeemUserAuthToken, { body: { token: tok } });
    expect(res.status).toBe(401);
    expect(res.error?.reason).toBe('userAuthTokenInvalid');
  });

  it('refuses made-up tokens and needs a signed-in user to make one', async () => {
    const res = await new TestClient(t.app).call(redeemUserAuthToken, { body: { token: 'x'.repeat(43) } });
    expect(res.status).toBe(401);
    expect((await new TestClient(t.app).call(createUserAuthToken)).status).toBe(401);
  });

  it('names the built-in file service unless another is configured', async () => {
    expect((await alice.call(getEfileUrl)).data).toBe('/efile');
    const other = await createTestApp({ ui: { efileUrl: 'https://files.example.org/efile' } });
    try {
      const c = await signedIn(other.app, 'bob', Role.user);
      expect((await c.call(getEfileUrl)).data).toBe('https://files.example.org/efile');
    } finally {
      await other.close();
    }
  });
});
