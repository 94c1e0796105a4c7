import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { checkCodeRegister, checkUserIsExist, registerUser } from '@portal/shared';
import { createTestApp, ManualClock, TestClient, type TestApp } from '../../test/harness.js';

/* Anonymous look-ups and sign-ups are limited per client address (auth.lookupsPerMinute, auth.signUpsPerHour). */

describe('anonymous look-ups and sign-ups under a flood', () => {
  let t: TestApp;
  const clock = new ManualClock();
  beforeAll(async () => {
    t = await createTestApp({ auth: { lookupsPerMinute: 30, signUpsPerHour: 3 } }, clock);
  });
  afterAll(() => t.close());

  it('answers 30 name look-ups a minute from one address, then 429 until the minute is over', async () => {
    const flood = new TestClient(t.app, '203.0.113.5');
    const answers = await Promise.all(
      Array.from({ length: 50 }, (_, i) => flood.call(checkUserIsExist, { body: { userName: `probe${i}` } })),
    );
    expect(answers.filter((a) => a.errCode === 0)).toHaveLength(30);
    const refused = answers.filter((a) => a.status === 429);
    expect(refused).toHaveLength(20);
    expect(refused[0]!.error).toMatchObject({ reason: 'tooManyRequests', retryAfterSeconds: 60 });
    // The captcha check counts against the same limit.
    const code = await flood.call(checkCodeRegister, { body: { rand: 'abcdefgh1234', code: '1234' } });
    expect(code.status).toBe(429);

    // Another address is not held up.
    expect((await new TestClient(t.app, '203.0.113.6').call(checkUserIsExist, { body: { userName: 'admin' } })).data.exist).toBe(
      true,
    );

    clock.advance(61_000);
    expect((await flood.call(checkUserIsExist, { body: { userName: 'admin' } })).data.exist).toBe(true);
  });

  it('takes 3 registrations an hour from one address, then 429', async () => {
    const client = new TestClient(t.app, '203.0.113.7');
    const body = { rand: 'abcdefgh1234', userName: 'newbie', userPwd: 'Passw0rd!x', email: 'n@example.com' };
    const reasons = [];
    for (let i = 0; i < 4; i++) reasons.push((await client.call(registerUser, { body })).error?.reason);
    // The first three reach the captcha check (none was solved); the fourth is not looked at.
    expect(reasons).toEqual(['authCodeIncorrect', 'authCodeIncorrect', 'authCodeIncorrect', 'tooManyRequests']);
    clock.advance(3_601_000);
    expect((await client.call(registerUser, { body })).error?.reason).toBe('authCodeIncorrect');
  });
});
