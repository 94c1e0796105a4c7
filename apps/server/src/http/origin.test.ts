import { describe, expect, it } from 'vitest';
import { crossOriginRefusal, isKnownLoopbackHost, isSameOrigin, loopbackHostNames, trustedOriginSet } from './origin.js';

describe('the WebSocket Origin check', () => {
  const plain = { host: 'portal.example.org', protocol: 'http' };

  it("compares the Origin's scheme and host with the request's when no public URL is set", () => {
    expect(isSameOrigin('http://portal.example.org', plain, undefined)).toBe(true);
    expect(isSameOrigin('http://portal.example.org:80', plain, undefined)).toBe(true);
    expect(isSameOrigin('https://portal.example.org', plain, undefined)).toBe(false);
    expect(isSameOrigin('http://evil.example', plain, undefined)).toBe(false);
    expect(isSameOrigin(undefined, plain, undefined)).toBe(false);
    expect(isSameOrigin('null', plain, undefined)).toBe(false);
  });

  it('with a public URL, wants its scheme and host, whatever the Host header says', () => {
    const publicUrl = 'https://hpc.example.org';
    expect(isSameOrigin('https://hpc.example.org', { host: 'backend:8080', protocol: 'http' }, publicUrl)).toBe(true);
    expect(isSameOrigin('http://hpc.example.org', { host: 'hpc.example.org', protocol: 'http' }, publicUrl)).toBe(false);
    // DNS rebinding: Host and Origin agree on a foreign name.
    expect(isSameOrigin('http://rebind.example:8080', { host: 'rebind.example:8080', protocol: 'http' }, publicUrl)).toBe(false);
    const trusted = trustedOriginSet({ trustedOrigins: ['https://other.example.org/'] });
    expect(isSameOrigin('https://other.example.org', { host: 'x', protocol: 'http' }, publicUrl, trusted)).toBe(true);
  });
});

describe('the cross-site check of unsafe calls', () => {
  const trusted = trustedOriginSet({ trustedOrigins: ['https://sso.example.org'] });
  const check = (method: string, headers: { origin?: string; site?: string; host?: string }) =>
    crossOriginRefusal(
      { method, host: headers.host ?? 'portal:8080', origin: headers.origin, secFetchSite: headers.site },
      trusted,
    );

  it('never refuses safe methods', () => {
    for (const m of ['GET', 'HEAD', 'OPTIONS'])
      expect(check(m, { site: 'cross-site', origin: 'https://evil.example' })).toBeNull();
  });

  it('follows Sec-Fetch-Site, then Origin against Host, and passes calls with neither', () => {
    expect(check('POST', {})).toBeNull();
    expect(check('POST', { site: 'same-origin' })).toBeNull();
    expect(check('POST', { site: 'none' })).toBeNull();
    expect(check('POST', { site: 'cross-site' })).not.toBeNull();
    expect(check('DELETE', { site: 'same-site' })).not.toBeNull();
    expect(check('POST', { site: 'cross-site', origin: 'https://sso.example.org' })).toBeNull();
    expect(check('POST', { origin: 'http://portal:8080' })).toBeNull();
    expect(check('POST', { origin: 'https://evil.example' })).not.toBeNull();
    expect(check('PATCH', { origin: 'http://portal:8081' })).not.toBeNull();
    expect(check('POST', { origin: 'https://sso.example.org' })).toBeNull();
  });
});

describe('host names of a loopback-bound server', () => {
  it('are the loopback names, with any port, and the public URL host', () => {
    const names = loopbackHostNames('127.0.0.5', 'https://hpc.example.org:8443/portal');
    for (const h of ['localhost:80', '127.0.0.1:8080', '[::1]:8080', 'LOCALHOST', 'hpc.example.org:8443', '127.0.0.5:8080'])
      expect(isKnownLoopbackHost(h, names), h).toBe(true);
    for (const h of ['evil.example', '127.0.0.2', 'localhost.evil.example', '', undefined, 'a b'])
      expect(isKnownLoopbackHost(h, names), String(h)).toBe(false);
  });
});
