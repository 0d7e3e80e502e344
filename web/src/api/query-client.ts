import { QueryClient } from '@tanstack/react-query';

// The request client already reports failures to the user, so a failed query is not retried
// (that would repeat toasts) and nothing refetches just because the window got focus.
export const createQueryClient = () =>
  new QueryClient({
    defaultOptions: {
      queries: { retry: false, refetchOnWindowFocus: false, staleTime: 60_000 },
      mutations: { retry: false },
    },
  });

/** The browser's one cache; a server render makes its own (ssr/entry-server.tsx). */
export const queryClient = createQueryClient();
