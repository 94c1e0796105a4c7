import { z } from 'zod';
import { defineContract } from '../contract.js';
import { Ok } from './common.js';

/*
 * Citrix published desktops and applications (spec sections 1 and 7 "Desktop, jobs, clusters"),
 * read from a Citrix StoreFront store through its Receiver for Web API and launched by downloading
 * the ICA file Citrix Workspace app opens. The server signs in to StoreFront with the password the
 * user gives once per portal session and keeps only StoreFront's session cookies (docs/citrix.md).
 */

/** A desktop (a whole Windows or Linux desktop) or a single application. */
export const CitrixResourceType = z.enum(['desktop', 'application']);
export type CitrixResourceType = z.infer<typeof CitrixResourceType>;

/** A published desktop or application, as StoreFront lists it for the user. */
export const CitrixResource = z.object({
  /** StoreFront's identifier of the resource: what launch takes. */
  id: z.string(),
  name: z.string(),
  type: CitrixResourceType,
  description: z.string(),
  /** The folder it is published in ("" at the top), e.g. "Office Apps". */
  folder: z.string(),
  /** Published but switched off by the Citrix administrator: listed, not launchable. */
  disabled: z.boolean(),
});
export type CitrixResource = z.infer<typeof CitrixResource>;

/** Whether Citrix is offered, and whether this portal session is signed in to StoreFront. */
export const CitrixSessionState = z.object({
  /** Citrix is switched on in the portal's configuration (citrix.enabled). */
  enabled: z.boolean(),
  /** This portal session holds a StoreFront session: the list and launch work without a password. */
  signedIn: z.boolean(),
  /** The name the portal signs in to StoreFront with (DOMAIN\user, or the portal user name). */
  userName: z.string(),
});
export type CitrixSessionState = z.infer<typeof CitrixSessionState>;

/** The longest password the portal passes on (Active Directory allows 256 characters). */
export const CITRIX_PASSWORD_MAX = 256;

export const CitrixSignInBody = z.object({
  /** The user's Citrix (domain) password: sent to StoreFront once, never stored or logged. */
  password: z.string().min(1).max(CITRIX_PASSWORD_MAX),
});
export type CitrixSignInBody = z.infer<typeof CitrixSignInBody>;

export const citrixStatus = defineContract({
  id: 'citrix.status',
  method: 'GET',
  path: '/desktopandapp/api/citrixdesktops/session',
  permission: 'citrix:use',
  summary: 'Whether Citrix is offered and whether this portal session is signed in to Citrix StoreFront',
  data: CitrixSessionState,
});

export const citrixSignIn = defineContract({
  id: 'citrix.signIn',
  method: 'POST',
  path: '/desktopandapp/api/citrixdesktops/session',
  permission: 'citrix:use',
  summary:
    "Sign this portal session in to Citrix StoreFront with the user's Citrix password ('Citrix authentication failed' when refused)",
  body: CitrixSignInBody,
  data: CitrixSessionState,
});

export const citrixSignOut = defineContract({
  id: 'citrix.signOut',
  method: 'DELETE',
  path: '/desktopandapp/api/citrixdesktops/session',
  permission: 'citrix:use',
  summary: 'Sign this portal session out of Citrix StoreFront (its StoreFront session is logged off and forgotten)',
  data: Ok,
});

export const listCitrixDesktops = defineContract({
  id: 'citrix.list',
  method: 'GET',
  path: '/desktopandapp/api/citrixdesktops',
  permission: 'citrix:use',
  summary: "The Citrix desktops and applications published for the user ('session does not exist' before signing in to Citrix)",
  data: z.object({ list: z.array(CitrixResource) }),
});

export const LaunchCitrixQuery = z.object({
  /** A resource id from the list. */
  id: z.string().min(1).max(1024),
});

export const launchCitrixDesktop = defineContract({
  id: 'citrix.launch',
  method: 'GET',
  path: '/desktopandapp/api/citrixdesktops/actions/launch',
  permission: 'citrix:use',
  summary: 'Launch a Citrix desktop or application: the ICA file as a download (application/x-ica, named after it: Desktop.ica)',
  query: LaunchCitrixQuery,
  data: z.string(),
  response: 'file',
  // A launch hands out a logon ticket: worth an audit line although it is a GET.
  audit: true,
});

/** The content type of an ICA file, which Citrix Workspace app (Citrix Receiver) opens. */
export const ICA_CONTENT_TYPE = 'application/x-ica';
