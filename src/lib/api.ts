// The one HTTP client of the PWA: same-origin by default (VITE_API_BASE to change), cookies
// included, errors turned into ApiRequestError carrying the server's { code, message }.
// A network failure is status 0 / code 'network'; a request that outran its timeout is status 0 /
// code 'timeout' (the server may still be there, only slow: the sync loop tells the two apart). A 401 also fires the 'moi:unauthenticated' event.
import { config } from './config';
import type { ErrorCode } from '../../contract/errors';
import { ApiRequestError } from './api-error';
import { noteServerTime } from '../data/clock';

export const API_BASE: string = config.apiBase;

export { ApiRequestError };

export const UNAUTHENTICATED_EVENT = 'moi:unauthenticated';

/** The contract's schema of a successful answer; checked in development and tests (config.checkAnswers). */
export type AnswerSchema = { safeParse(data: unknown): { success: true } | { success: false; error: { issues: unknown } } };
export type ApiInit = Omit<RequestInit, 'body'> & { json?: unknown; body?: BodyInit; timeoutMs?: number; schema?: AnswerSchema };

export async function apiFetch<T = unknown>(path: string, init: ApiInit = {}): Promise<T> {
  const { json, timeoutMs = 30_000, headers, schema, ...rest } = init;
  const ctrl = new AbortController();
  let timedOut = false;
  const timer = setTimeout(() => { timedOut = true; ctrl.abort(); }, timeoutMs);
  let res: Response;
  const sentAt = Date.now();
  try {
    res = await fetch(`${API_BASE}${path}`, {
      credentials: 'include',
      ...rest,
      headers: json !== undefined ? { 'content-type': 'application/json', ...(headers ?? {}) } : headers,
      body: json !== undefined ? JSON.stringify(json) : rest.body,
      signal: rest.signal ?? ctrl.signal,
    });
  } catch (e) {
    if (timedOut) throw new ApiRequestError(0, 'timeout', `No answer within ${Math.round(timeoutMs / 1000)} s`);
    throw new ApiRequestError(0, 'network', e instanceof Error ? e.message : 'Network error');
  } finally {
    clearTimeout(timer);
  }
  // Any answer of the server (even a refusal) tells this device how far its clock is off.
  noteServerTime(res.headers.get('X-Server-Time'), sentAt, Date.now());
  const text = await res.text();
  let data: unknown = undefined;
  if (text) {
    try {
      data = JSON.parse(text);
    } catch {
      data = text;
    }
  }
  if (!res.ok) {
    const body = (data && typeof data === 'object' ? data : {}) as { code?: ErrorCode; message?: string; issues?: unknown };
    if (res.status === 401 && typeof window !== 'undefined') window.dispatchEvent(new CustomEvent(UNAUTHENTICATED_EVENT));
    throw new ApiRequestError(res.status, body.code ?? 'unknown', body.message ?? `Request failed (${res.status})`, body.issues);
  }
  if (schema && config.checkAnswers) {
    // Contract drift between this client and the server shows at once in development, not as a blank screen.
    const checked = schema.safeParse(data);
    if (!checked.success) throw new ApiRequestError(res.status, 'unknown', `The answer of ${path} does not match the contract`, checked.error.issues);
  }
  return data as T;
}
