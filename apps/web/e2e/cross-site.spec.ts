import { createServer, type Server } from 'node:http';
import { expect, test } from '@playwright/test';
import { E2E_ADMIN } from './support/constants';
import { baseURL } from './support/portal';

/*
 * Cross-site request protection in a real browser (docs/api.md "Cross-site requests"): a page of
 * another origin auto-submits a form to the portal. Chromium says where the post comes from
 * (Sec-Fetch-Site, Origin) and the portal refuses it: no change for a signed-in user, no session
 * for a sign-in forged from another site (login CSRF).
 */

const FORGED_EMAIL = 'forged-by-another-site@example.com';

/** A page whose form posts these fields to `action` as soon as it loads. */
const autoSubmit = (action: string, fields: Record<string, string>) => `<!doctype html>
<html><body><form method="post" action="${action}">
${Object.entries(fields)
  .map(([k, v]) => `<input type="hidden" name="${k}" value="${v}">`)
  .join('\n')}
</form><script>document.forms[0].submit()</script></body></html>`;

test.describe('a form posted to the portal by another site', () => {
  let other: Server;
  let otherPort = 0;

  test.beforeAll(async () => {
    const portal = baseURL();
    other = createServer((req, res) => {
      const page =
        req.url === '/change'
          ? autoSubmit(`${portal}/pageframe/main/modifyUserInfo.action`, { email: FORGED_EMAIL })
          : autoSubmit(`${portal}/login/loginAuth.action`, {
              strUserName: E2E_ADMIN.user,
              strPassword: E2E_ADMIN.password,
              strUserType: '0',
            });
      res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' }).end(page);
    });
    await new Promise<void>((ok) => other.listen(0, '127.0.0.1', ok));
    const address = other.address();
    if (address === null || typeof address === 'string') throw new Error('the other site has no port');
    otherPort = address.port;
  });

  test.afterAll(async () => {
    await new Promise<void>((ok) => other.close(() => ok()));
  });

  test('is refused for a signed-in user, even from the same site (cookies sent), and changes nothing', async ({ page }) => {
    // Signed in through the context's own requests (no page of another site involved): the browser keeps the cookie.
    const login = await page.request.post(`${baseURL()}/login/loginAuth.action`, {
      data: { strUserName: E2E_ADMIN.user, strPassword: E2E_ADMIN.password },
    });
    expect((await login.json()).errCode).toBe(0);
    const emailNow = async () =>
      (await (await page.request.post(`${baseURL()}/pageframe/main/queryLoginUser.action`)).json()).data.email;
    const before = await emailNow();
    expect(before).not.toBe(FORGED_EMAIL);

    // 127.0.0.1 on another port: another origin of the same site, so SameSite=Lax still sends the cookie.
    const answered = page.waitForResponse((r) => r.url().endsWith('/pageframe/main/modifyUserInfo.action'));
    await page.goto(`http://127.0.0.1:${otherPort}/change`);
    const res = await answered;
    expect((await res.request().allHeaders())['cookie']).toContain('portal_sid=');
    expect(res.status()).toBe(403);
    expect((await res.json()).data.reason).toBe('crossOrigin');
    expect(await emailNow()).toBe(before);
  });

  test('cannot sign the browser in (login CSRF)', async ({ page, context }) => {
    // localhost is another site than the portal's 127.0.0.1.
    const answered = page.waitForResponse((r) => r.url().endsWith('/login/loginAuth.action'));
    await page.goto(`http://localhost:${otherPort}/login`);
    const res = await answered;
    expect(res.status()).toBe(403);
    expect((await res.json()).data.reason).toBe('crossOrigin');
    const cookies = await context.cookies(baseURL());
    expect(cookies.map((c) => c.name)).not.toContain('portal_sid');
  });
});
