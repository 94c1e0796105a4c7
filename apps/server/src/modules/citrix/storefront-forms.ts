/*
 * StoreFront's sign-in documents: readers for the small XML answers of its authentication calls
 * (GetAuthMethods, the Common Forms of ExplicitAuth, AuthenticationStatus), which look only for the
 * elements the portal needs, so a store that adds elements or attributes still reads; and the
 * logon form filled in as a user would.
 */

const ENTITIES: Record<string, string> = { lt: '<', gt: '>', amp: '&', quot: '"', apos: "'" };

const decode = (s: string): string =>
  s.replace(/&(#x[0-9a-f]+|#\d+|\w+);/gi, (whole, e: string) => {
    if (e.startsWith('#x') || e.startsWith('#X')) return String.fromCodePoint(parseInt(e.slice(2), 16));
    if (e.startsWith('#')) return String.fromCodePoint(parseInt(e.slice(1), 10));
    return ENTITIES[e] ?? whole;
  });

const withoutComments = (xml: string) => xml.replace(/<!--[\s\S]*?-->/g, '');

/** The text of the first element of this name (decoded and trimmed; '' when empty), or undefined. */
const textOf = (xml: string, tag: string): string | undefined => {
  const m = new RegExp(`<${tag}(?:\\s[^>]*)?(?:/>|>([\\s\\S]*?)</${tag}>)`).exec(xml);
  return m ? decode(m[1] ?? '').trim() : undefined;
};

const attributes = (tag: string): Record<string, string> =>
  Object.fromEntries(
    [...tag.matchAll(/([\w:-]+)\s*=\s*(?:"([^"]*)"|'([^']*)')/g)].map((m) => [m[1], decode(m[2] ?? m[3] ?? '')]),
  );

export interface AuthMethod {
  name: string;
  url: string;
}

/** The methods of an `authMethods` document, or null when the text is not one. */
export const readAuthMethods = (xml: string): AuthMethod[] | null => {
  const doc = withoutComments(xml);
  if (!/<authMethods[\s>/]/.test(doc)) return null;
  return [...doc.matchAll(/<method\b([^>]*?)\/?>/g)]
    .map((m) => attributes(m[1] ?? ''))
    .flatMap((a) => (a.name && a.url ? [{ name: a.name, url: a.url }] : []));
};

/** One field of a Common Forms form: its id and credential type, and the text of a button. */
export interface FormField {
  id: string;
  type: string;
  button?: string;
}

export interface LoginForm {
  /** 'more-info' for a logon form, 'update-credentials' for a change of an expired password. */
  result: string;
  postBack: string;
  stateContext: string;
  fields: FormField[];
  /** The text of an error label (a refused password, say), if the form has one. */
  error?: string;
}

export type AuthAnswer = { kind: 'status'; success: boolean; logMessage?: string } | { kind: 'form'; form: LoginForm };

/** An `AuthenticationStatus` or an `AuthenticateResponse` form, or null when the text is neither. */
export const readAuthAnswer = (xml: string): AuthAnswer | null => {
  const doc = withoutComments(xml);
  if (/<AuthenticationStatus[\s>]/.test(doc)) {
    const logMessage = textOf(doc, 'LogMessage');
    return { kind: 'status', success: textOf(doc, 'Result') === 'success', ...(logMessage ? { logMessage } : {}) };
  }
  if (!/<AuthenticateResponse[\s>]/.test(doc)) return null;
  const postBack = textOf(doc, 'PostBack');
  if (!postBack) return null;
  const requirements = [...doc.matchAll(/<Requirement>([\s\S]*?)<\/Requirement>/g)].map((m) => m[1] ?? '');
  const fields = requirements.flatMap((r): FormField[] => {
    const credential = textOf(r, 'Credential') ?? '';
    const id = textOf(credential, 'ID');
    if (!id) return [];
    const button = textOf(r, 'Button');
    return [{ id, type: textOf(credential, 'Type') ?? '', ...(button !== undefined ? { button } : {}) }];
  });
  const error = requirements
    .map((r) => textOf(r, 'Label') ?? '')
    .filter((label) => textOf(label, 'Type') === 'error')
    .map((label) => textOf(label, 'Text') ?? '')
    .find((t) => t !== '');
  return {
    kind: 'form',
    form: {
      result: textOf(doc, 'Result') ?? '',
      postBack,
      stateContext: textOf(doc, 'StateContext') ?? '',
      fields,
      ...(error ? { error } : {}),
    },
  };
};

export interface StoreFrontCredentials {
  user: string;
  /** Windows domain; '' for none. */
  domain: string;
  password: string;
}

/**
 * The logon form filled in as a user would: the user name (DOMAIN\user, or the user and the domain
 * apart when the form has a domain field) and the password in the fields of those types, "remember
 * my password" off, and the form's button pressed.
 */
export const fillLoginForm = (form: LoginForm, c: StoreFrontCredentials): Record<string, string> => {
  const domainField = form.fields.some((f) => f.type === 'domain');
  const values: Record<string, string> = {};
  for (const f of form.fields) {
    if (f.type === 'username') values[f.id] = domainField || !c.domain ? c.user : `${c.domain}\\${c.user}`;
    else if (f.type === 'domain') values[f.id] = c.domain;
    else if (f.type === 'password') values[f.id] = c.password;
    else if (f.type === 'savecredentials') values[f.id] = 'false';
    else if (f.button !== undefined) values[f.id] = f.button;
  }
  values.StateContext = form.stateContext;
  return values;
};
