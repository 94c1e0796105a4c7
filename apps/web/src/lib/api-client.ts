import { ErrCode, fileNameFromContentDisposition, type Contract, type ContractData, type ContractInput } from '@portal/shared';
import { saveBlob } from './save-file';

/** Spec section 7: one HTTP client, 300000 ms time-out. */
export const REQUEST_TIMEOUT_MS = 300_000;

/** A failed call: the envelope's code and message plus the machine-readable reason. */
export class ApiError extends Error {
  constructor(
    readonly errCode: number,
    message: string,
    readonly status: number,
    readonly data: { reason?: string; [k: string]: unknown } = {},
  ) {
    super(message);
    this.name = 'ApiError';
  }
  get reason(): string | undefined {
    return this.data.reason;
  }
  /** The session is gone: the console goes back to the sign-in page. */
  get isUnauthenticated(): boolean {
    return this.status === 401 && this.errCode === ErrCode.NO_INTERFACE_PERMISSION;
  }
}

/** Network failure or time-out: no envelope came back. */
export class NetworkError extends Error {
  constructor(readonly timedOut: boolean) {
    super(timedOut ? 'Operation timed out' : 'Network Error');
    this.name = 'NetworkError';
  }
}

export const readCookie = (name: string): string | undefined =>
  document.cookie
    .split('; ')
    .find((c) => c.startsWith(`${name}=`))
    ?.slice(name.length + 1);

const fillPath = (path: string, params: Record<string, unknown> | undefined) =>
  path.replace(/:([A-Za-z]+)/g, (_, k: string) => encodeURIComponent(String(params?.[k] ?? '')));

const queryString = (query: Record<string, unknown> | undefined) => {
  const entries = Object.entries(query ?? {}).filter(([, v]) => v !== undefined && v !== null && v !== '');
  return entries.length ? `?${new URLSearchParams(entries.map(([k, v]) => [k, String(v)])).toString()}` : '';
};

type Input<C extends Contract> = Partial<ContractInput<C>> & {
  signal?: AbortSignal;
  /** A file sent as the request body itself (application/octet-stream), for contracts that take one. */
  file?: Blob;
};

/** The URL a contract call goes to (also used for links such as downloads). */
export const contractUrl = <C extends Contract>(contract: C, input: Partial<ContractInput<C>> = {}) =>
  fillPath(contract.path, input.params as Record<string, unknown>) + queryString(input.query as Record<string, unknown>);

const send = async (url: string, init: RequestInit, signal?: AbortSignal): Promise<Response> => {
  const timeout = AbortSignal.timeout(REQUEST_TIMEOUT_MS);
  try {
    return await fetch(url, {
      ...init,
      credentials: 'same-origin',
      signal: signal ? AbortSignal.any([signal, timeout]) : timeout,
    });
  } catch (err) {
    if ((err as Error).name === 'AbortError' && signal?.aborted) throw err;
    throw new NetworkError(timeout.aborted);
  }
};

const requestInit = (method: string, body: unknown, file?: Blob): RequestInit => {
  const headers: Record<string, string> = { accept: 'application/json' };
  const csrf = readCookie('XSRF-TOKEN');
  if (csrf && method !== 'GET') headers['x-xsrf-token'] = decodeURIComponent(csrf);
  if (file) return { method, headers: { ...headers, 'content-type': 'application/octet-stream' }, body: file };
  if (body !== undefined) headers['content-type'] = 'application/json';
  return { method, headers, ...(body !== undefined ? { body: JSON.stringify(body) } : {}) };
};

const parseError = async (res: Response): Promise<ApiError> => {
  try {
    const json = (await res.json()) as { errCode?: number; errMsg?: string; data?: Record<string, unknown> };
    return new ApiError(json.errCode ?? ErrCode.INTERNAL, json.errMsg ?? res.statusText, res.status, json.data ?? {});
  } catch {
    return new ApiError(ErrCode.INTERNAL, res.statusText, res.status);
  }
};

/** Calls an endpoint through its contract and answers the envelope's `data`. */
export const api = async <C extends Contract>(contract: C, input: Input<C> = {}): Promise<ContractData<C>> => {
  const method = contract.method;
  const body = input.body ?? (method !== 'GET' && contract.body ? {} : undefined);
  const res = await send(contractUrl(contract, input), requestInit(method, body, input.file), input.signal);
  const type = res.headers.get('content-type') ?? '';
  if (!type.includes('json')) throw await parseError(res);
  const json = (await res.json()) as { errCode: number; errMsg: string; data: unknown };
  if (!res.ok || json.errCode !== ErrCode.SUCCESS) {
    throw new ApiError(json.errCode, json.errMsg, res.status, (json.data ?? {}) as Record<string, unknown>);
  }
  return json.data as ContractData<C>;
};

/**
 * Downloads a file by GET as a blob and hands it to the browser. The name comes from
 * Content-Disposition unless given; a non-200 answer rejects.
 */
export const downloadFile = async (url: string, fileName?: string): Promise<string> => {
  const res = await send(url, { method: 'GET', headers: {} });
  if (res.status !== 200) throw await parseError(res);
  const name = fileName ?? fileNameFromContentDisposition(res.headers.get('content-disposition'));
  if (!name) {
    console.warn('A download needs a file name: none given and no Content-Disposition header');
    throw new ApiError(ErrCode.FILE_CHECK_FAILED, 'Download Failed', res.status, { reason: 'fileNotExist' });
  }
  saveBlob(name, await res.blob());
  return name;
};
