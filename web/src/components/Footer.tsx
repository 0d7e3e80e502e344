import { useTranslation } from '../i18n/translator';
import { Link } from 'react-router';
import { useSiteInfo, useSiteName } from '../state/site';

export function Footer() {
  const { t } = useTranslation();
  const name = useSiteName();
  // Only documents the owner has written are linked (Admin → Legal).
  const legal = useSiteInfo()?.site_legal;
  return (
    <footer className="border-top py-4 mt-5 text-body-secondary small">
      <div className="container-xxl d-flex flex-wrap gap-3 justify-content-between">
        <span>{t('footer.copyright', { year: new Date().getFullYear(), name })}</span>
        <nav aria-label={t('footer.legal_navigation')} className="d-flex gap-3">
          {legal?.tos && (
            <Link to="/tos" className="link-secondary">
              {t('footer.terms')}
            </Link>
          )}
          {legal?.privacy && (
            <Link to="/privacy" className="link-secondary">
              {t('footer.privacy')}
            </Link>
          )}
        </nav>
      </div>
    </footer>
  );
}
