// A small loader for online-only management reads (users, memberships, dashboard): it keeps the
// last good answer on screen when a refresh fails, and tells the caller whether the failure was
// "no connection" (ApiRequestError.isNetwork) so the screen can say so in the user's language.
import { useCallback, useEffect, useRef, useState } from 'react';
import { type ApiRequestError, toApiError } from './api-error';

export { toApiError };

export type Remote<T> = {
  data: T | undefined;
  error: ApiRequestError | null;
  loading: boolean;
  offline: boolean;
  reload: () => Promise<void>;
};

export function useRemote<T>(load: () => Promise<T>, deps: readonly unknown[]): Remote<T> {
  const [data, setData] = useState<T | undefined>(undefined);
  const [error, setError] = useState<ApiRequestError | null>(null);
  const [loading, setLoading] = useState(true);
  const loadRef = useRef(load);
  loadRef.current = load;
  const run = useRef(0);

  const reload = useCallback(async () => {
    const mine = ++run.current;
    setLoading(true);
    try {
      const value = await loadRef.current();
      if (mine !== run.current) return;
      setData(value);
      setError(null);
    } catch (e) {
      if (mine !== run.current) return;
      setError(toApiError(e));
    } finally {
      if (mine === run.current) setLoading(false);
    }
  }, []);

  useEffect(() => {
    void reload();
    // eslint-disable-next-line react-hooks/exhaustive-deps -- deps are the caller's query inputs
  }, deps);

  return { data, error, loading, offline: !!error?.isNetwork, reload };
}
