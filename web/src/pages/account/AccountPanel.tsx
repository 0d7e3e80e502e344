import type { ReactNode } from 'react';
import { usePageTitle } from '../../hooks/usePageTitle';

/** The narrow column every account page uses, headed by its title (also the browser tab's). */
export function AccountPanel({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  usePageTitle(title);
  return (
    <section className="mx-auto py-2" style={{ maxWidth: 420 }} data-testid={testId}>
      <h1 className="h3 mb-4 text-center">{title}</h1>
      {children}
    </section>
  );
}
