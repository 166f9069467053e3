import { useCallback, useEffect, useRef, useState } from 'preact/hooks';
import { isAbort, troubleOf, type Trouble } from './api.js';

export interface Loaded<T> {
  data: T | undefined;
  error: Trouble | undefined;
  loading: boolean;
  /** Loads again, keeping the current data on screen until the new data arrives. */
  reload: () => void;
}

/**
 * Loads data for a screen and loads it again when `deps` change; a load overtaken by a newer one
 * is aborted, so a slow answer for the previous organization or date never overwrites the current.
 */
export function useLoad<T>(load: (signal: AbortSignal) => Promise<T>, deps: unknown[]): Loaded<T> {
  const [state, setState] = useState<{ data?: T; error?: Trouble; loading: boolean }>({ loading: true });
  const [round, setRound] = useState(0);
  const loader = useRef(load);
  loader.current = load;
  useEffect(() => {
    const controller = new AbortController();
    setState((previous) => ({ data: previous.data, loading: true }));
    loader
      .current(controller.signal)
      .then((data) => !controller.signal.aborted && setState({ data, loading: false }))
      .catch((error: unknown) => {
        if (!controller.signal.aborted && !isAbort(error)) setState({ error: troubleOf(error), loading: false });
      });
    return () => controller.abort();
    // The deps are the caller's: the loader itself is read from a ref, so a new closure alone reloads nothing.
  }, [...deps, round]);
  const reload = useCallback(() => setRound((n) => n + 1), []);
  return { data: state.data, error: state.error, loading: state.loading, reload };
}
