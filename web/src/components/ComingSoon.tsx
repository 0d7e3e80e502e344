import { useTranslation } from '../i18n/translator';
import { usePageTitle } from '../hooks/usePageTitle';

/** A screen whose route, guard and layout exist but whose content arrives with a later feature. */
export function ComingSoon({ titleKey }: { titleKey: string }) {
  const { t } = useTranslation();
  const title = t(titleKey);
  usePageTitle(title);
  return (
    <section>
      <h1 className="h3 mb-4">{title}</h1>
      <p className="text-body-secondary py-4 text-center border rounded">{t('common.coming_soon')}</p>
    </section>
  );
}
