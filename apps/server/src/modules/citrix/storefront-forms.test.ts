import { describe, expect, it } from 'vitest';
import { FIXTURES } from './fake-storefront.test-support.js';
import { fillLoginForm, readAuthAnswer, readAuthMethods, type LoginForm } from './storefront-forms.js';

/* StoreFront's sign-in documents, read from the recorded answers (fixtures/README.md). */

const alice = { user: 'alice', domain: 'EXAMPLE', password: 'pw' };

const formOf = (xml: Buffer): LoginForm => {
  const answer = readAuthAnswer(xml.toString());
  if (answer?.kind !== 'form') throw new Error('not a form');
  return answer.form;
};

describe('StoreFront sign-in documents', () => {
  it('read the authentication methods, and nothing from a page that is not a list of them', () => {
    expect(readAuthMethods(FIXTURES.authMethods.toString())).toEqual([
      { name: 'IntegratedWindows', url: 'DomainPassthroughAuth/Login' },
      { name: 'Certificate', url: 'SmartcardAuth/Login' },
      { name: 'ExplicitForms', url: 'ExplicitAuth/Login' },
    ]);
    expect(readAuthMethods('<html><body>Maintenance</body></html>')).toBeNull();
  });

  it('read a status, success or failure with its log message', () => {
    expect(readAuthAnswer(FIXTURES.loginSuccess.toString())).toEqual({ kind: 'status', success: true });
    const failure = '<AuthenticationStatus><Result>failure</Result><LogMessage>loginfailed</LogMessage></AuthenticationStatus>';
    expect(readAuthAnswer(failure)).toEqual({ kind: 'status', success: false, logMessage: 'loginfailed' });
    expect(readAuthAnswer('{"status":"success"}')).toBeNull();
  });

  it('read the logon form, and the error label of a refused one', () => {
    expect(formOf(FIXTURES.loginForm)).toEqual({
      result: 'more-info',
      postBack: 'ExplicitAuth/LoginAttempt',
      stateContext: '',
      fields: [
        { id: 'username', type: 'username' },
        { id: 'password', type: 'password' },
        { id: 'saveCredentials', type: 'savecredentials' },
        { id: 'loginBtn', type: 'none', button: 'Log On' },
      ],
    });
    expect(formOf(FIXTURES.loginRefused).error).toBe('Incorrect user name or password.');
  });

  it('fill the form as a user would: DOMAIN\\user, or user and domain apart when the form asks for the domain', () => {
    expect(fillLoginForm(formOf(FIXTURES.loginForm), alice)).toEqual({
      username: 'EXAMPLE\\alice',
      password: 'pw',
      saveCredentials: 'false',
      loginBtn: 'Log On',
      StateContext: '',
    });
    const withDomain: LoginForm = {
      result: 'more-info',
      postBack: 'ExplicitAuth/LoginAttempt',
      stateContext: 'ctx',
      fields: [
        { id: 'user', type: 'username' },
        { id: 'dom', type: 'domain' },
        { id: 'secret', type: 'password' },
        { id: 'go', type: 'none', button: 'Anmelden' },
      ],
    };
    expect(fillLoginForm(withDomain, alice)).toEqual({
      user: 'alice',
      dom: 'EXAMPLE',
      secret: 'pw',
      go: 'Anmelden',
      StateContext: 'ctx',
    });
    expect(fillLoginForm(formOf(FIXTURES.loginForm), { ...alice, domain: '' }).username).toBe('alice');
  });
});
