import type { ReactNode } from 'react';

/** One titled part of a settings page, at the width forms read well. */
export function SettingsSection({ title, children, testId }: { title: string; children: ReactNode; testId?: string }) {
  return (
    <section className="mb-5" style={{ maxWidth: 560 }} data-testid={testId}>
      <h2 className="h5 mb-3">{title}</h2>
      {children}
    </section>
  );
}
