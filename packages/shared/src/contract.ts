import type { z } from 'zod';
import type { Permission } from './roles.js';

export type HttpMethod = 'GET' | 'POST' | 'PUT' | 'DELETE' | 'PATCH';

/** A field beside the envelope that spec section 7 names for a call (Contract.specFields). */
export type SpecField = 'result' | 'msg';

/**
 * One endpoint, declared once. The server registers its route from this object, the web client
 * calls it through it, and the OpenAPI document is generated from it.
 */
export interface Contract<
  Q extends z.ZodType | undefined = z.ZodType | undefined,
  B extends z.ZodType | undefined = z.ZodType | undefined,
  P extends z.ZodType | undefined = z.ZodType | undefined,
  D extends z.ZodType = z.ZodType,
> {
  /**
   * Stable identifier `<area>.<name>`, also the `action` recorded in the audit log. The area is
   * the contract file's name and groups the endpoint in the API documents (contractArea).
   */
  id: string;
  method: HttpMethod;
  path: string;
  /** Who may call it; `public` needs no session. */
  permission: Permission;
  summary: string;
  query?: Q;
  body?: B;
  params?: P;
  /** Schema of the envelope's `data` on success. */
  data: D;
  /**
   * `file`: the answer is a file or image, not an envelope. Errors still come as envelopes.
   */
  response?: 'envelope' | 'file';
  /** Recorded in the audit log. Defaults to true for every method but GET. */
  audit?: boolean;
  /**
   * Fields spec section 7 names beside the envelope, which its clients read: `result` (true on
   * success, false on an error) and `msg` (the errMsg again). Sent on successes and errors alike.
   */
  specFields?: readonly SpecField[];
  /**
   * A CSRF token sent with the call must be the session's (sending none is fine: cross-site calls
   * are refused by their origin). Defaults to true for signed-in, state-changing calls.
   */
  csrf?: boolean;
  /**
   * Callable while the user must replace a temporary password an administrator set: only the
   * console's start data and the password change itself are (every other call answers 10008,
   * reason passwordChangeRequired).
   */
  duringPasswordChange?: boolean;
  /**
   * Spec section 7 "POST (method overridable)": a POST to this path with
   * `X-HTTP-Method-Override: <method>` is served as this contract (the HTTP layer rewrites the
   * method before routing; the cross-site check still treats it as the unsafe POST it was).
   */
  methodOverridable?: boolean;
  /**
   * A GET spec section 7 names that changes something (alarm_export/remove): refused, like a POST,
   * when another origin's page sends it.
   */
  changesState?: boolean;
}

/** The area a contract belongs to: the part of its id before the dot (`jobs` of `jobs.list`). */
export const contractArea = (c: Pick<Contract, 'id'>): string => c.id.slice(0, c.id.indexOf('.'));

/** Whether the portal writes an audit line for every call of a contract: `audit`, else every method but GET. */
export const isAuditedContract = (c: Pick<Contract, 'audit' | 'method'>): boolean => c.audit ?? c.method !== 'GET';

/** Every object made by defineContract: how the contract list tells contracts from schemas. */
const declared = new WeakSet<object>();

/** Whether a value is a contract (made by defineContract). */
export const isContract = (value: unknown): value is Contract =>
  typeof value === 'object' && value !== null && declared.has(value);

export const defineContract = <
  const Q extends z.ZodType | undefined = undefined,
  const B extends z.ZodType | undefined = undefined,
  const P extends z.ZodType | undefined = undefined,
  const D extends z.ZodType = z.ZodType,
>(
  c: Contract<Q, B, P, D>,
): Contract<Q, B, P, D> => {
  declared.add(c);
  return c;
};

// Optional contract fields read as `Schema | undefined`: strip the undefined before looking inside.
type Given<S> = Exclude<S, undefined>;
type InputOf<S> = [Given<S>] extends [never] ? undefined : Given<S> extends z.ZodType ? z.input<Given<S>> : undefined;
type OutputOf<S> = [Given<S>] extends [never] ? undefined : Given<S> extends z.ZodType ? z.output<Given<S>> : undefined;

/** What a caller sends. */
export type ContractInput<C extends Contract> = {
  query: InputOf<C['query']>;
  body: InputOf<C['body']>;
  params: InputOf<C['params']>;
};
/** What the handler receives after validation. */
export type ContractParsed<C extends Contract> = {
  query: OutputOf<C['query']>;
  body: OutputOf<C['body']>;
  params: OutputOf<C['params']>;
};
/** What a caller sends as the body or the query string. */
export type BodyOf<C extends Contract> = ContractInput<C>['body'];
export type QueryOf<C extends Contract> = ContractInput<C>['query'];
/** The envelope's `data` on success. */
export type ContractData<C extends Contract> = z.output<C['data']>;
