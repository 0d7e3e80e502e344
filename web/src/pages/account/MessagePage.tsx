import type { ReactNode } from 'react';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { usePageTitle } from '../../hooks/usePageTitle';

/** A short account message (activated, link expired, suspended) with a way back home, and what else the page offers. */
export function MessagePage({ titleKey, messageKey, children }: { titleKey: string; messageKey: string; children?: ReactNode }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <section className="mx-auto py-4 text-center" style={{ maxWidth: 480 }}>
      <h1 className="h3 mb-3">{title}</h1>
      <p>{t(messageKey)}</p>
      {children}
      <Link to="/" className="btn btn-link">
        {t('page_error.back_home')}
      </Link>
    </section>
  );
}
