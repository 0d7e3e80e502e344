import { useTranslation } from '../i18n/translator';

export function PageLoading() {
  const { t } = useTranslation();
  return (
    <div className="d-flex justify-content-center py-5">
      <div className="spinner-border text-secondary" role="status">
        <span className="visually-hidden">{t('common.loading')}</span>
      </div>
    </div>
  );
}
