import { MutationCache, QueryCache, QueryClient } from '@tanstack/react-query';
import { ApiError } from './api-client';

type Listener = () => void;
let onSessionLost: Listener = () => {};
/** The app shell registers what to do when a call finds the session gone. */
export const setSessionLostHandler = (fn: Listener) => {
  onSessionLost = fn;
};

const handle = (err: unknown) => {
  if (err instanceof ApiError && err.isUnauthenticated) onSessionLost();
};

export const queryClient = new QueryClient({
  queryCache: new QueryCache({ onError: handle }),
  mutationCache: new MutationCache({ onError: handle }),
  defaultOptions: {
    queries: {
      retry: (count, err) => !(err instanceof ApiError) && count < 2,
      refetchOnWindowFocus: false,
      staleTime: 5_000,
    },
  },
});
