import { useTranslation } from '../../i18n/translator';
import { usePageTitle } from '../../hooks/usePageTitle';

export function Maintenance() {
  const { t } = useTranslation();
  usePageTitle(t('maintenance.title'));
  return (
    <div className="py-5 text-center">
      <h1 className="h3">{t('maintenance.title')}</h1>
      <p className="text-body-secondary">{t('maintenance.description')}</p>
    </div>
  );
}
