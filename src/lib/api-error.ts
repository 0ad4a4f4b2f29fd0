// What a failed API call throws: the server's { code, message } (contract/errors.ts), or status 0 with
// 'network' / 'timeout'. Its own module so that presentation (components/) can show an error without
// importing the API client.
import type { ErrorCode } from '../../contract/errors';

export class ApiRequestError extends Error {
  constructor(public status: number, public code: ErrorCode | 'network' | 'timeout' | 'unknown', message: string, public issues?: unknown) {
    super(message);
    this.name = 'ApiRequestError';
  }
  get isNetwork() { return this.status === 0; }
}

/** Any thrown value as an ApiRequestError (status 0, 'unknown' when it was not one). */
export function toApiError(e: unknown): ApiRequestError {
  if (e instanceof ApiRequestError) return e;
  return new ApiRequestError(0, 'unknown', e instanceof Error ? e.message : String(e));
}
