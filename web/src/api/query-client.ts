import { QueryClient } from '@tanstack/react-query';

// The request client already reports failures to the user, so a failed query is not retried
// (that would repeat toasts) and nothing refetches just because the window got focus.
export const queryClient = new QueryClient({
  defaultOptions: {
    queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
    mutations: { retry: false },
  },
});
