import { QueryClientProvider } from '@tanstack/react-query';
import { useEffect } from 'react';
import { RouterProvider } from 'react-router/dom';
import { queryClient } from '../api/query-client';
import { router } from './router';

/**
 * Marks the document once the app has taken over the page: until then a server-rendered page shows
 * but its buttons do nothing (the e2e tests and the page-load bench wait for the mark).
 */
function useStartedMark() {
  useEffect(() => document.documentElement.setAttribute('data-app-started', ''), []);
}

export function App() {
  useStartedMark();
  return (
    <QueryClientProvider client={queryClient}>
      <RouterProvider router={router} />
    </QueryClientProvider>
  );
}
