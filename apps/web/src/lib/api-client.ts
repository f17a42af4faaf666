import type { ApiPath, ApiResponse, Page, PathParams } from '@sori/contract';

/**
 * The one HTTP wrapper of the web app (PRODUCT §7 and §8). Feature `queries.ts` files call it through
 * TanStack Query; components never call it or `fetch` directly.
 *
 * It stays free of React and of the session and i18n modules: those plug in with `configureApiClient`, so
 * the semantics below are unit-testable on their own.
 */

export const CANCELLED_MESSAGE = 'Request was cancelled';

export type ApiErrorKind = 'http' | 'network' | 'cancelled';

export class ApiError extends Error {
  /** HTTP status, or 0 when no response arrived (network failure, cancellation). */
  readonly status: number;
  /** The server's machine-readable code (`INVALID_CREDENTIALS`), `NETWORK_ERROR` or `CANCELLED`. */
  readonly code: string | null;
  readonly details: unknown;
  readonly kind: ApiErrorKind;

  constructor(kind: ApiErrorKind, status: number, message: string, code: string | null, details: unknown) {
    super(message);
    this.name = 'ApiError';
    this.kind = kind;
    this.status = status;
    this.code = code;
    this.details = details;
  }
}

export function isApiError(error: unknown): error is ApiError {
  return error instanceof ApiError;
}

export interface ApiClientConfig {
  /** Where the API lives; `/api` on the same origin unless VITE_API_BASE says otherwise. */
  baseUrl: string;
  getToken: () => string | null;
  /** Sent as Accept-Language so server messages come back in the UI language. */
  getLanguage: () => string;
  /** Called on every 401 or 403: the stored session is no longer good (PRODUCT §8). */
  onUnauthorized: () => void;
  /** The network-failure text in the UI language ('네트워크 연결을 확인해주세요.' in Korean). */
  networkErrorMessage: () => string;
  fetch: typeof fetch;
}

const config: ApiClientConfig = {
  baseUrl: import.meta.env.VITE_API_BASE ?? '/api',
  getToken: () => null,
  getLanguage: () => 'ko',
  onUnauthorized: () => undefined,
  networkErrorMessage: () => '네트워크 연결을 확인해주세요.',
  fetch: (...args) => globalThis.fetch(...args),
};

export function configureApiClient(overrides: Partial<ApiClientConfig>): void {
  Object.assign(config, overrides);
}

export type QueryValue = string | number | boolean | null | undefined | readonly (string | number)[];

export interface RequestOptions {
  method?: 'GET' | 'POST' | 'PUT' | 'PATCH' | 'DELETE';
  /** Repeated keys come from arrays (`moods=1101&moods=1102`); null, undefined and '' are left out. */
  query?: Record<string, QueryValue>;
  body?: unknown;
  signal?: AbortSignal;
}

export function buildUrl(path: string, query?: Record<string, QueryValue>): string {
  const base = config.baseUrl.replace(/\/+$/u, '');
  const url = `${base}${path.startsWith('/') ? path : `/${path}`}`;
  if (!query) return url;
  const params = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    const values = Array.isArray(value) ? value : [value];
    for (const item of values) {
      if (item === null || item === undefined || item === '') continue;
      params.append(key, String(item));
    }
  }
  const search = params.toString();
  return search ? `${url}?${search}` : url;
}

function isAbort(error: unknown): boolean {
  return (error instanceof DOMException || error instanceof Error) && error.name === 'AbortError';
}

async function readPayload(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return null;
  // PRODUCT §7: JSON when it parses, otherwise the text itself.
  try {
    return JSON.parse(text) as unknown;
  } catch {
    return text;
  }
}

function field(payload: unknown, name: string): unknown {
  return payload !== null && typeof payload === 'object' ? (payload as Record<string, unknown>)[name] : undefined;
}

/** `{ body: payload }` gives payload; anything else is taken as the payload itself. */
export function unwrapBody<T>(payload: unknown): T {
  if (payload !== null && typeof payload === 'object' && !Array.isArray(payload) && 'body' in payload) {
    return (payload as { body: T }).body;
  }
  return payload as T;
}

function requestHeaders(accept: string): Record<string, string> {
  const headers: Record<string, string> = { Accept: accept, 'Accept-Language': config.getLanguage() };
  const token = config.getToken();
  if (token) headers.Authorization = `Bearer ${token}`;
  return headers;
}

/**
 * A file the API makes for the caller (a licence certificate), with the bearer token and the UI language;
 * an error answer throws the same ApiError as apiRequest.
 */
export async function apiFile(path: string): Promise<Blob> {
  let response: Response;
  try {
    response = await config.fetch(buildUrl(path), { headers: requestHeaders('application/pdf, application/json') });
  } catch {
    throw new ApiError('network', 0, config.networkErrorMessage(), 'NETWORK_ERROR', null);
  }
  if (!response.ok) throw httpError(response.status, await readPayload(response).catch(() => null));
  return response.blob();
}

/** Sends one request and answers the unwrapped payload, or throws an ApiError. */
export async function apiRequest<T>(path: string, options: RequestOptions = {}): Promise<T> {
  const { method = 'GET', query, body, signal } = options;
  const headers = requestHeaders('application/json');
  if (body !== undefined) headers['Content-Type'] = 'application/json';

  let response: Response;
  try {
    response = await config.fetch(buildUrl(path, query), {
      method,
      headers,
      body: body === undefined ? undefined : JSON.stringify(body),
      signal,
    });
  } catch (error) {
    if (isAbort(error) || signal?.aborted) {
      throw new ApiError('cancelled', 0, CANCELLED_MESSAGE, 'CANCELLED', null);
    }
    throw new ApiError('network', 0, config.networkErrorMessage(), 'NETWORK_ERROR', null);
  }

  let payload: unknown;
  try {
    payload = await readPayload(response);
  } catch (error) {
    if (isAbort(error) || signal?.aborted) {
      throw new ApiError('cancelled', 0, CANCELLED_MESSAGE, 'CANCELLED', null);
    }
    throw new ApiError('network', 0, config.networkErrorMessage(), 'NETWORK_ERROR', null);
  }

  if (!response.ok) throw httpError(response.status, payload);
  return unwrapBody<T>(payload);
}

/**
 * Codes a 403 carries about the action rather than the session: a member below the download level, over a
 * quota or their plan's channel allowance, or asking for another member's certificate is still signed in, so
 * such an answer must not sign them out.
 */
const ACTION_FORBIDDEN_CODES = new Set([
  'LEVEL_TOO_LOW',
  'CHANNEL_LIMIT',
  'QUOTA_TRACKS_EXCEEDED',
  'QUOTA_BYTES_EXCEEDED',
  'LICENCE_NOT_YOURS',
]);

/** The error of a non-OK answer; 401 and 403 also clear the stored session (PRODUCT §8). */
function httpError(status: number, payload: unknown): ApiError {
  const message = field(payload, 'message');
  const code = field(payload, 'code');
  const codeText = typeof code === 'string' ? code : null;
  if (status === 401 || (status === 403 && !(codeText && ACTION_FORBIDDEN_CODES.has(codeText)))) config.onUnauthorized();
  return new ApiError(
    'http',
    status,
    typeof message === 'string' && message ? message : `HTTP Error ${status}`,
    codeText,
    field(payload, 'details') ?? null,
  );
}

export interface UploadOptions {
  /** Called as the request body goes out: bytes sent and the total. */
  onProgress?: (sent: number, total: number) => void;
  signal?: AbortSignal;
  method?: 'POST' | 'PUT';
}

/**
 * Sends a multipart form with upload progress. fetch cannot report how much of a request body has gone
 * out, so this one call uses XMLHttpRequest; headers, payload reading and errors are the same as
 * apiRequest's.
 */
export function uploadRequest<T>(path: string, form: FormData, options: UploadOptions = {}): Promise<T> {
  const { onProgress, signal, method = 'POST' } = options;
  return new Promise<T>((resolve, reject) => {
    if (signal?.aborted) {
      reject(new ApiError('cancelled', 0, CANCELLED_MESSAGE, 'CANCELLED', null));
      return;
    }
    const xhr = new XMLHttpRequest();
    xhr.open(method, buildUrl(path));
    xhr.setRequestHeader('Accept', 'application/json');
    xhr.setRequestHeader('Accept-Language', config.getLanguage());
    const token = config.getToken();
    if (token) xhr.setRequestHeader('Authorization', `Bearer ${token}`);
    if (onProgress) xhr.upload.onprogress = (event) => onProgress(event.loaded, event.lengthComputable ? event.total : 0);
    const handleAbort = () => xhr.abort();
    signal?.addEventListener('abort', handleAbort, { once: true });
    const settle = () => signal?.removeEventListener('abort', handleAbort);
    xhr.onload = () => {
      settle();
      let payload: unknown = null;
      if (xhr.responseText) {
        try {
          payload = JSON.parse(xhr.responseText) as unknown;
        } catch {
          payload = xhr.responseText;
        }
      }
      if (xhr.status >= 200 && xhr.status < 300) resolve(unwrapBody<T>(payload));
      else reject(httpError(xhr.status, payload));
    };
    xhr.onerror = () => {
      settle();
      reject(new ApiError('network', 0, config.networkErrorMessage(), 'NETWORK_ERROR', null));
    };
    xhr.onabort = () => {
      settle();
      reject(new ApiError('cancelled', 0, CANCELLED_MESSAGE, 'CANCELLED', null));
    };
    xhr.send(form);
  });
}

/**
 * Reads a JSON document at a URL the API handed out (a media URL such as a track's peaks), which already
 * carries its own path and any signature, so no base is prepended.
 */
export async function fetchJsonAt<T>(url: string, signal?: AbortSignal): Promise<T> {
  let response: Response;
  try {
    response = await config.fetch(url, { headers: { Accept: 'application/json' }, signal });
  } catch (error) {
    if (isAbort(error) || signal?.aborted) throw new ApiError('cancelled', 0, CANCELLED_MESSAGE, 'CANCELLED', null);
    throw new ApiError('network', 0, config.networkErrorMessage(), 'NETWORK_ERROR', null);
  }
  const payload = await readPayload(response).catch(() => null);
  if (!response.ok) throw new ApiError('http', response.status, `HTTP Error ${response.status}`, null, null);
  return payload as T;
}

/** List endpoints may answer a plain array (one page holding everything) or a page object (PRODUCT §7). */
export function toPage<T>(payload: T[] | Page<T> | null | undefined): Page<T> {
  if (Array.isArray(payload)) {
    return {
      content: payload,
      totalPages: payload.length > 0 ? 1 : 0,
      totalElements: payload.length,
      size: payload.length,
      number: 0,
      first: true,
      last: true,
    };
  }
  if (!payload || !Array.isArray(payload.content)) {
    return { content: [], totalPages: 0, totalElements: 0, size: 0, number: 0, first: true, last: true };
  }
  return payload;
}

/** Options of a call: the path's parameters (required when the path names any), query and abort signal. */
type CallOptions<P extends string> = {
  query?: Record<string, QueryValue>;
  signal?: AbortSignal;
} & (keyof PathParams<P> extends never ? { params?: undefined } : { params: PathParams<P> });
type CallArgs<P extends string> = keyof PathParams<P> extends never ? [options?: CallOptions<P>] : [options: CallOptions<P>];

/** A route's path with its parameters filled in: `/playbox/:id` with `{ id: 3 }` is `/playbox/3`. */
export function pathWith(path: string, params?: Record<string, string | number>): string {
  return path.replace(/:(\w+)/gu, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined) throw new Error(`${path} needs the parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

/**
 * The API by route: the path names the route of the contract (`API_ROUTES`), and the answer's type follows
 * from it, so a caller never states what it expects to get.
 */
export const api = {
  get: <P extends ApiPath<'GET'>>(path: P, ...[options]: CallArgs<P>) =>
    apiRequest<ApiResponse<'GET', P>>(pathWith(path, options?.params), { query: options?.query, signal: options?.signal }),
  post: <P extends ApiPath<'POST'>>(path: P, body?: unknown, ...[options]: CallArgs<P>) =>
    apiRequest<ApiResponse<'POST', P>>(pathWith(path, options?.params), { method: 'POST', body: body ?? {}, signal: options?.signal }),
  put: <P extends ApiPath<'PUT'>>(path: P, body: unknown, ...[options]: CallArgs<P>) =>
    apiRequest<ApiResponse<'PUT', P>>(pathWith(path, options?.params), { method: 'PUT', body, signal: options?.signal }),
  patch: <P extends ApiPath<'PATCH'>>(path: P, body: unknown, ...[options]: CallArgs<P>) =>
    apiRequest<ApiResponse<'PATCH', P>>(pathWith(path, options?.params), { method: 'PATCH', body, signal: options?.signal }),
  delete: <P extends ApiPath<'DELETE'>>(path: P, ...[options]: CallArgs<P>) =>
    apiRequest<ApiResponse<'DELETE', P>>(pathWith(path, options?.params), { method: 'DELETE', signal: options?.signal }),
  upload: <P extends ApiPath<'POST'>>(path: P, form: FormData, options?: UploadOptions) =>
    uploadRequest<ApiResponse<'POST', P>>(path, form, options),
};
