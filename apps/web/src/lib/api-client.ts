import type { BodyOf, Endpoint, ParamsOf, QueryOf, ResponseOf } from '@seller/contract/endpoint';
import { type ErrorCode, errorBodySchema, errorCodes } from '@seller/contract/errors';
import { limits } from '@seller/contract/limits';
import { z } from 'zod';
import { ApiError, type ApiErrorCode, clientErrorCodes } from './api-error';
import { clearSession, getToken } from './auth-token';
import { fileNameFromDisposition } from './content-disposition';
import { isAbortError, withRetry } from './retry';
import { onUnauthorized as registeredUnauthorizedHandler } from './unauthorized';

export { ApiError } from './api-error';

type BodyOption<E extends Endpoint> = E['body'] extends z.ZodType
  ? { body: BodyOf<E> }
  : { body?: never };
type QueryOption<E extends Endpoint> = E['query'] extends z.ZodType
  ? { query?: QueryOf<E> }
  : { query?: never };
type ParamsOption<E extends Endpoint> = E['params'] extends z.ZodType
  ? { params: ParamsOf<E> }
  : { params?: never };

export type RequestOptions<E extends Endpoint> = BodyOption<E> &
  QueryOption<E> &
  ParamsOption<E> & { signal?: AbortSignal };

type RequestArgs<E extends Endpoint> =
  // biome-ignore lint/complexity/noBannedTypes: `{}` tests whether every option is optional.
  {} extends RequestOptions<E> ? [options?: RequestOptions<E>] : [options: RequestOptions<E>];

export interface ApiClientOptions {
  /** Prefix of every path; empty in the browser (same origin), an origin in tests. */
  baseUrl?: string;
  fetch?: typeof fetch;
  /** Waits between attempts; injectable so that tests need not wait. */
  sleep?: (ms: number) => Promise<void>;
  /** Where the browser is now (to avoid redirecting the login page to itself). */
  currentPath?: () => string;
  /** Called after a 401 removed the session, unless the current path contains /login. */
  onUnauthorized?: () => void;
  retries?: number;
  /** Delay before the first retry; doubles each time. */
  baseDelayMs?: number;
}

const idempotentMethods = new Set(['GET', 'PUT', 'DELETE']);

/** Whether a failed call is worth another attempt, by its method and the status it got. */
export function shouldRetryStatus(method: string, status: number): boolean {
  if (status === 503) return true;
  return idempotentMethods.has(method) && (status >= 500 || status === 429);
}

function buildPath(template: string, params: Record<string, unknown> | undefined): string {
  return template.replace(/\{(\w+)\}/g, (_, name: string) => {
    const value = params?.[name];
    if (value === undefined || value === null) throw new Error(`Missing path parameter ${name}`);
    return encodeURIComponent(String(value));
  });
}

function buildQuery(query: Record<string, unknown> | undefined): string {
  if (!query) return '';
  const search = new URLSearchParams();
  for (const [key, value] of Object.entries(query)) {
    if (value === undefined || value === null) continue;
    search.append(key, String(value));
  }
  const text = search.toString();
  return text ? `?${text}` : '';
}

async function readJson(response: Response): Promise<unknown> {
  const text = await response.text();
  if (!text) return undefined;
  try {
    return JSON.parse(text);
  } catch {
    return undefined;
  }
}

function browserPath(): string {
  return typeof window === 'undefined' ? '' : window.location.pathname;
}

/** What `download` hands back: the body, and the name the server gave the file. */
export interface DownloadedFile {
  blob: Blob;
  fileName: string | undefined;
}

/** Endpoints whose success body is a file rather than JSON. */
type FileEndpoint = Endpoint & { produces: string };

/**
 * The one HTTP client: the bearer token, retries, the 401 rule and error normalisation for
 * every call of the app. `request` sends and reads JSON, parsed with the endpoint's response
 * schema so that its types come from the contract; `download` reads a file (the CSV export).
 */
export function createApiClient(options: ApiClientOptions = {}) {
  const baseUrl = options.baseUrl ?? '';
  const doFetch = options.fetch ?? ((input, init) => globalThis.fetch(input, init));
  const currentPath = options.currentPath ?? browserPath;
  const onUnauthorized = options.onUnauthorized ?? registeredUnauthorizedHandler;
  const retries = options.retries ?? limits.requestRetries;
  const baseDelayMs = options.baseDelayMs ?? 300;

  /**
   * Sends the call until it succeeds or fails for good; answers the successful response. A
   * network error, and a status `shouldRetryStatus` accepts, are tried again `retries` times,
   * waiting `baseDelayMs` and twice as long each time.
   */
  async function send(endpoint: Endpoint, opts: SendOptions, accept: string): Promise<Response> {
    const url = `${baseUrl}${buildPath(endpoint.path, opts.params)}${buildQuery(opts.query)}`;
    const method = endpoint.method;

    const attempt = async (): Promise<Response> => {
      const headers: Record<string, string> = { Accept: accept };
      const token = getToken();
      if (token) headers.Authorization = `Bearer ${token}`;
      const init: RequestInit = { method, headers };
      if (opts.body !== undefined) {
        headers['Content-Type'] = 'application/json';
        init.body = JSON.stringify(opts.body);
      }
      if (opts.signal) init.signal = opts.signal;

      let response: Response;
      try {
        response = await doFetch(url, init);
      } catch (error) {
        if (isAbortError(error) || opts.signal?.aborted) throw error;
        throw new ApiError({ status: 0, code: clientErrorCodes.network });
      }
      if (response.ok) return response;

      if (response.status === 401) {
        // The session is over whatever the code says (`invalid_credentials` on the login page).
        const error = await toApiError(response, 'unauthorized');
        clearSession();
        if (!currentPath().includes('/login')) onUnauthorized();
        throw error;
      }
      throw await toApiError(response);
    };

    return withRetry(attempt, {
      maxAttempts: retries + 1,
      backoff: { baseMs: baseDelayMs, maxMs: Number.POSITIVE_INFINITY, jitter: 0 },
      shouldRetry: (error) =>
        error instanceof ApiError &&
        (error.code === clientErrorCodes.network || shouldRetryStatus(method, error.status)),
      signal: opts.signal,
      sleep: options.sleep,
    });
  }

  async function request<E extends Endpoint>(
    endpoint: E,
    ...[requestOptions]: RequestArgs<E>
  ): Promise<ResponseOf<E>> {
    const response = await send(endpoint, sendOptions(requestOptions), 'application/json');
    return parseSuccess(endpoint, response);
  }

  async function download<E extends FileEndpoint>(
    endpoint: E,
    ...[requestOptions]: RequestArgs<E>
  ): Promise<DownloadedFile> {
    const opts = sendOptions(requestOptions);
    const response = await send(endpoint, opts, endpoint.produces);
    try {
      const blob = await response.blob();
      const fileName = fileNameFromDisposition(response.headers.get('content-disposition'));
      return { blob, fileName };
    } catch (error) {
      if (isAbortError(error) || opts.signal?.aborted) throw error;
      throw new ApiError({ status: response.status, code: clientErrorCodes.network });
    }
  }

  return { request, download };
}

interface SendOptions {
  body?: unknown;
  query?: Record<string, unknown>;
  params?: Record<string, unknown>;
  signal?: AbortSignal;
}

/** The typed options of a call, as the untyped sender reads them. */
function sendOptions<E extends Endpoint>(options: RequestOptions<E> | undefined): SendOptions {
  return (options ?? {}) as SendOptions;
}

async function parseSuccess<E extends Endpoint>(
  endpoint: E,
  response: Response,
): Promise<ResponseOf<E>> {
  if (!endpoint.response || response.status === 204) {
    await response.body?.cancel().catch(() => undefined);
    return undefined as ResponseOf<E>;
  }
  const json = await readJson(response);
  const parsed = endpoint.response.safeParse(json);
  if (!parsed.success) {
    throw new ApiError({ status: response.status, code: clientErrorCodes.invalidResponse });
  }
  return parsed.data as ResponseOf<E>;
}

/**
 * The error shape with any code: a code of the catalogue is kept, one this build does not know
 * becomes `unknown_error` and its sentence the only text the seller can be shown.
 */
const looseErrorBodySchema = errorBodySchema.extend({ code: z.string() });
const knownCodes: ReadonlySet<string> = new Set(errorCodes);

function isErrorCode(code: string): code is ErrorCode {
  return knownCodes.has(code);
}

async function toApiError(
  response: Response,
  withoutBody: ApiErrorCode = clientErrorCodes.unknown,
): Promise<ApiError> {
  const parsed = looseErrorBodySchema.safeParse(await readJson(response));
  if (!parsed.success) return new ApiError({ status: response.status, code: withoutBody });
  const { code, error, details } = parsed.data;
  return new ApiError({
    status: response.status,
    code: isErrorCode(code) ? code : clientErrorCodes.unknown,
    serverMessage: error,
    details,
  });
}

const browserClient = createApiClient();

/** Calls an endpoint of the contract from the browser. */
export const apiRequest = browserClient.request;

/** Downloads the file an endpoint of the contract answers (`produces`). */
export const apiDownload = browserClient.download;
