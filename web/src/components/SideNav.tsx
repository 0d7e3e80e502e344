import { useTranslation } from '../i18n/translator';
import { MainNavLinks } from './MainNavLinks';

/** The left column of the main layout: where the main links live on wide screens. */
export function SideNav() {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('nav.side_navigation')} className="nav nav-pills flex-column sticky-top pt-3">
      <MainNavLinks />
    </nav>
  );
}
