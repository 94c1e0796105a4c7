import {
  challengeOf,
  LaunchStatus,
  parseJson,
  readResources,
  StoreFrontError,
  type StoreFrontResource,
} from './storefront-answers.js';
import { fillLoginForm, readAuthAnswer, readAuthMethods, type StoreFrontCredentials } from './storefront-forms.js';
import { CookieJar, HttpFailureError, sendRequest, type HttpAnswer } from './storefront-http.js';

/*
 * A client of a StoreFront store's Receiver for Web API, used the way Citrix's own web client uses
 * it (StoreFront Web API documentation): Home/Configuration (the CsrfToken cookie), Resources/List
 * (its challenge names the GetAuthMethods URL), Authentication/GetAuthMethods, the explicit forms
 * conversation (ExplicitAuth/Login, then the form's PostBack with user name and password),
 * Resources/List again for the resources, Resources/GetLaunchStatus and Resources/LaunchIca for the
 * ICA file, Authentication/Logoff. Every call sends the CsrfToken cookie's value in Csrf-Token and
 * says whether it uses https (X-Citrix-IsUsingHTTPS). URLs StoreFront hands out are followed only
 * within the configured store.
 */

/** A user's StoreFront web session: nothing but its cookies. */
export class StoreFrontSession {
  readonly jar = new CookieJar();
}

export interface StoreFrontClientOptions {
  /** The store's Receiver for Web site, e.g. https://storefront.example.com/Citrix/StoreWeb. */
  storeFrontUrl: string;
  timeoutMs: number;
  rejectUnauthorized: boolean;
  /** How long a launch polls a resource that is not ready yet. */
  launchWaitMs: number;
}

/** The largest answer taken from StoreFront (a resource list of thousands of applications fits). */
const MAX_ANSWER_BYTES = 8 * 1024 * 1024;
const XML = 'application/xml, text/xml, */*; q=0.01';
const JSON_TYPES = 'application/json, text/javascript, */*; q=0.01';
const LIST_FORM = { format: 'json', resourceDetails: 'Default' };

const sleep = (ms: number) => new Promise((resolve) => setTimeout(resolve, ms));

export class StoreFrontClient {
  private readonly base: URL;
  private readonly usingHttps: 'Yes' | 'No';

  constructor(private readonly o: StoreFrontClientOptions) {
    this.base = new URL(o.storeFrontUrl.endsWith('/') ? o.storeFrontUrl : `${o.storeFrontUrl}/`);
    this.usingHttps = this.base.protocol === 'https:' ? 'Yes' : 'No';
  }

  /** A URL StoreFront gave, relative to the store; never one outside it. */
  private url(relative: string): URL {
    const url = new URL(relative, this.base);
    if (url.origin !== this.base.origin || !url.pathname.startsWith(this.base.pathname))
      throw new StoreFrontError('badAnswer', 'StoreFront named a URL outside the store', { url: url.pathname });
    return url;
  }

  private async call(
    s: StoreFrontSession,
    method: 'GET' | 'POST',
    url: URL,
    accept: string,
    form?: Record<string, string>,
  ): Promise<HttpAnswer> {
    const csrf = s.jar.get('CsrfToken');
    const cookie = s.jar.header();
    const headers: Record<string, string> = {
      accept,
      'user-agent': 'HPC Portal',
      'x-citrix-isusinghttps': this.usingHttps,
      'x-requested-with': 'XMLHttpRequest',
      ...(csrf ? { 'csrf-token': csrf } : {}),
      ...(cookie ? { cookie } : {}),
      ...(form ? { 'content-type': 'application/x-www-form-urlencoded; charset=UTF-8' } : {}),
    };
    let answer: HttpAnswer;
    try {
      answer = await sendRequest({
        method,
        url,
        headers,
        ...(form ? { body: new URLSearchParams(form).toString() } : {}),
        timeoutMs: this.o.timeoutMs,
        rejectUnauthorized: this.o.rejectUnauthorized,
        maxBytes: MAX_ANSWER_BYTES,
      });
    } catch (err) {
      if (!(err instanceof HttpFailureError)) throw err;
      const failure = err.failure === 'tooLarge' ? 'badAnswer' : err.failure;
      throw new StoreFrontError(failure, `StoreFront ${url.pathname}: ${err.message}`, { call: url.pathname });
    }
    s.jar.take(answer.headers['set-cookie']);
    if (answer.status >= 500)
      throw new StoreFrontError('serverError', `StoreFront ${url.pathname} answered ${answer.status}`, {
        call: url.pathname,
        status: answer.status,
      });
    return answer;
  }

  private expect200(a: HttpAnswer, url: URL): void {
    if (a.status !== 200)
      throw new StoreFrontError('badAnswer', `StoreFront ${url.pathname} answered ${a.status}`, {
        call: url.pathname,
        status: a.status,
      });
  }

  /** Signs in with user name and password (explicit forms); the session's cookies then carry it. */
  async signIn(credentials: StoreFrontCredentials): Promise<StoreFrontSession> {
    const s = new StoreFrontSession();
    const configuration = this.url('Home/Configuration');
    this.expect200(await this.call(s, 'POST', configuration, XML), configuration);
    // Unauthenticated, the resource list answers with a challenge naming where authentication starts.
    const list = this.url('Resources/List');
    const challenge = challengeOf(await this.call(s, 'POST', list, JSON_TYPES, LIST_FORM)) ?? 'Authentication/GetAuthMethods';
    const formUrl = await this.explicitFormsUrl(s, this.url(challenge));
    const formAnswer = await this.call(s, 'POST', formUrl, XML);
    this.expect200(formAnswer, formUrl);
    const first = readAuthAnswer(formAnswer.body.toString('utf8'));
    if (first?.kind !== 'form') throw new StoreFrontError('badAnswer', 'ExplicitAuth/Login did not answer a form');
    const postBack = this.url(first.form.postBack);
    const result = await this.call(s, 'POST', postBack, XML, fillLoginForm(first.form, credentials));
    this.expect200(result, postBack);
    const outcome = readAuthAnswer(result.body.toString('utf8'));
    if (!outcome) throw new StoreFrontError('badAnswer', `${postBack.pathname} answered neither a status nor a form`);
    if (outcome.kind === 'status' && outcome.success) return s;
    const detail =
      outcome.kind === 'status'
        ? { logMessage: outcome.logMessage ?? '' }
        : { result: outcome.form.result, message: outcome.form.error ?? '' };
    throw new StoreFrontError('refused', 'StoreFront refused the sign-in', detail);
  }

  /** The URL of the ExplicitForms method that GetAuthMethods offers. */
  private async explicitFormsUrl(s: StoreFrontSession, methodsUrl: URL): Promise<URL> {
    let methods;
    try {
      const answer = await this.call(s, 'POST', methodsUrl, XML);
      this.expect200(answer, methodsUrl);
      methods = readAuthMethods(answer.body.toString('utf8'));
    } catch (err) {
      if (!(err instanceof StoreFrontError)) throw err;
      throw new StoreFrontError('authMethods', `GetAuthMethods failed: ${err.message}`, { ...err.detail, cause: err.failure });
    }
    if (!methods) throw new StoreFrontError('authMethods', 'GetAuthMethods did not answer a list of methods');
    const explicit = methods.find((m) => m.name === 'ExplicitForms');
    if (!explicit)
      throw new StoreFrontError('noExplicitForms', 'StoreFront offers no ExplicitForms sign-in', {
        offered: methods.map((m) => m.name),
      });
    return this.url(explicit.url);
  }

  /** The desktops and applications the signed-in user may launch. */
  async list(s: StoreFrontSession): Promise<StoreFrontResource[]> {
    const url = this.url('Resources/List');
    const answer = await this.call(s, 'POST', url, JSON_TYPES, LIST_FORM);
    this.expectSession(answer);
    this.expect200(answer, url);
    return readResources(answer);
  }

  /** The ICA file of a resource, once StoreFront says it is ready. */
  async launch(s: StoreFrontSession, r: StoreFrontResource): Promise<Buffer> {
    if (r.launchStatusUrl) await this.waitUntilReady(s, this.url(r.launchStatusUrl), r.name);
    const url = this.url(r.launchUrl);
    // A fresh launchId keeps caches from answering an earlier ticket (the documentation asks for one).
    url.search = new URLSearchParams({
      CsrfToken: s.jar.get('CsrfToken') ?? '',
      IsUsingHttps: this.usingHttps,
      displayNameDesktopTitle: r.name,
      launchId: String(Date.now()),
    }).toString();
    const answer = await this.call(s, 'GET', url, '*/*');
    this.expectSession(answer);
    if (answer.status === 404) throw new StoreFrontError('notFound', 'StoreFront does not know the resource');
    this.expect200(answer, url);
    const text = answer.body
      .toString('utf8')
      .replace(/^\uFEFF/, '')
      .trimStart();
    // Not ready after all, or refused: LaunchIca answers GetLaunchStatus's JSON instead of a file.
    if (text.startsWith('{')) this.launchRefusal(LaunchStatus.safeParse(parseJson(answer)).data);
    if (!text.startsWith('[')) throw new StoreFrontError('badAnswer', 'LaunchIca answered no ICA file');
    return answer.body;
  }

  private launchRefusal(status: LaunchStatus | undefined): never {
    throw new StoreFrontError('launchFailed', `StoreFront cannot launch the resource (${status?.status ?? 'no status'})`, {
      launchStatus: status?.status ?? 'unknown',
      ...(status?.errorId ? { errorId: status.errorId } : {}),
    });
  }

  /** Polls GetLaunchStatus while it answers "retry" (a desktop machine powering on), within launchWaitMs. */
  private async waitUntilReady(s: StoreFrontSession, url: URL, title: string): Promise<void> {
    const deadline = Date.now() + this.o.launchWaitMs;
    for (;;) {
      const answer = await this.call(s, 'POST', url, JSON_TYPES, { displayNameDesktopTitle: title });
      this.expectSession(answer);
      if (answer.status === 404) throw new StoreFrontError('notFound', 'StoreFront does not know the resource');
      this.expect200(answer, url);
      const status = LaunchStatus.safeParse(parseJson(answer)).data;
      if (status?.status === 'success') return;
      const waitMs = Math.max(1, status?.pollTimeout ?? 5) * 1000;
      if (status?.status !== 'retry' || Date.now() + waitMs > deadline) this.launchRefusal(status);
      await sleep(waitMs);
    }
  }

  /** A challenge, or 403 (an unknown CtxsAuthId): StoreFront has ended the session. */
  private expectSession(a: HttpAnswer): void {
    if (challengeOf(a) !== undefined || a.status === 401 || a.status === 403)
      throw new StoreFrontError('sessionEnded', 'StoreFront no longer knows the session', { status: a.status });
  }

  /** Ends the StoreFront session; a failure is of no consequence (StoreFront ends idle sessions). */
  async signOut(s: StoreFrontSession): Promise<void> {
    await this.call(s, 'POST', this.url('Authentication/Logoff'), XML).catch(() => undefined);
  }
}
