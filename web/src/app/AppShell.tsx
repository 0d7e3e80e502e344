import { Suspense } from 'react';
import { Outlet, ScrollRestoration } from 'react-router';
import { DialogHost } from '../components/DialogHost';
import { PageLoading } from '../components/PageLoading';
import { ToastHost } from '../components/ToastHost';
import { ThemeSync } from './ThemeSync';

/** The root route: what every screen shares (colour scheme, toasts, the message dialog). */
export function AppShell() {
  return (
    <>
      <ThemeSync />
      <Suspense fallback={<PageLoading />}>
        <Outlet />
      </Suspense>
      <ToastHost />
      <DialogHost />
      <ScrollRestoration />
    </>
  );
}
