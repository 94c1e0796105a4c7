import { z } from 'zod';
import type { HttpAnswer } from './storefront-http.js';

/*
 * What StoreFront's JSON answers and challenges mean to the portal, and the one error the
 * StoreFront client throws (citrix-errors.ts turns it into the portal's answer).
 */

/** What went wrong, in the terms the portal answers with (see citrix-errors.ts). */
export type StoreFrontFailure =
  | 'unreachable'
  | 'timeout'
  /** An answer the portal cannot use: an unexpected status, an unreadable body, a URL outside the store. */
  | 'badAnswer'
  /** A 5xx answer. */
  | 'serverError'
  /** GetAuthMethods did not answer a list of methods. */
  | 'authMethods'
  /** The store offers no user-name-and-password sign-in (ExplicitForms). */
  | 'noExplicitForms'
  /** StoreFront refused the user name and password (or wants a new password). */
  | 'refused'
  /** StoreFront no longer knows the session: sign in again. */
  | 'sessionEnded'
  | 'notFound'
  /** GetLaunchStatus or LaunchIca said failure, or still retry when the wait was over. */
  | 'launchFailed';

export class StoreFrontError extends Error {
  constructor(
    readonly failure: StoreFrontFailure,
    message: string,
    /** What the log and the answer may show: never a password, cookie or ticket. */
    readonly detail: Record<string, unknown> = {},
  ) {
    super(message);
  }
}

export interface StoreFrontResource {
  id: string;
  name: string;
  isDesktop: boolean;
  description: string;
  path: string;
  disabled: boolean;
  launchUrl: string;
  launchStatusUrl: string | undefined;
}

const Resources = z.object({
  resources: z.array(
    z.looseObject({
      id: z.string(),
      name: z.string(),
      launchurl: z.string(),
      launchstatusurl: z.string().optional(),
      isdesktop: z.boolean().optional(),
      disabled: z.boolean().optional(),
      description: z.string().nullish(),
      path: z.string().nullish(),
    }),
  ),
});

export const LaunchStatus = z.looseObject({
  status: z.string(),
  pollTimeout: z.number().optional(),
  errorId: z.string().nullish(),
});
export type LaunchStatus = z.infer<typeof LaunchStatus>;

/** StoreFront's answer to a call made without (or with an ended) authenticated session. */
export const challengeOf = (a: HttpAnswer): string | undefined => {
  const h = a.headers['citrixwebreceiver-authenticate'];
  const value = Array.isArray(h) ? h.join(',') : h;
  if (!value) return undefined;
  return /location="([^"]*)"/.exec(value)?.[1] ?? 'Authentication/GetAuthMethods';
};

export const parseJson = (a: HttpAnswer): unknown => {
  try {
    return JSON.parse(a.body.toString('utf8'));
  } catch {
    throw new StoreFrontError('badAnswer', 'StoreFront answered something that is not JSON', { status: a.status });
  }
};

/** The folder of a resource path as StoreFront writes it ("\\Office Apps\\" is "Office Apps"). */
const folderOf = (path: string | null | undefined) =>
  (path ?? '')
    .split('\\')
    .filter((p) => p !== '')
    .join('/');

/** The resources of a Resources/List answer (format=json). */
export const readResources = (a: HttpAnswer): StoreFrontResource[] => {
  const parsed = Resources.safeParse(parseJson(a));
  if (!parsed.success) throw new StoreFrontError('badAnswer', 'Resources/List answered no resource list');
  return parsed.data.resources.map((r) => ({
    id: r.id,
    name: r.name,
    isDesktop: r.isdesktop === true,
    description: r.description ?? '',
    path: folderOf(r.path),
    disabled: r.disabled === true,
    launchUrl: r.launchurl,
    launchStatusUrl: r.launchstatusurl,
  }));
};
