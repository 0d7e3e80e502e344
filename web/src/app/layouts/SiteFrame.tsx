import { Suspense } from 'react';
import { useTranslation } from '../../i18n/translator';
import { Outlet } from 'react-router';
import { Footer } from '../../components/Footer';
import { Header } from '../../components/Header';
import { HtmlBlock } from '../../components/HtmlBlock';
import { PageLoading } from '../../components/PageLoading';
import { KeyboardShortcuts } from '../../components/shortcuts/KeyboardShortcuts';
import { useSiteInfo } from '../../state/site';

/** Header and footer around every page except the installer, with the admin's custom HTML and the site's keys. */
export function SiteFrame() {
  const { t } = useTranslation();
  const custom = useSiteInfo()?.custom_css_html;
  return (
    <div className="d-flex flex-column min-vh-100">
      <a href="#main" className="visually-hidden-focusable p-2">
        {t('common.skip_to_content')}
      </a>
      <HtmlBlock html={custom?.custom_header} />
      <Header />
      <main id="main" className="flex-grow-1">
        <Suspense fallback={<PageLoading />}>
          <Outlet />
        </Suspense>
      </main>
      <Footer />
      <HtmlBlock html={custom?.custom_footer} />
      <KeyboardShortcuts />
    </div>
  );
}
