import { useTranslation } from '../i18n/translator';
import { useRouteError } from 'react-router';

/** A page that failed to load or crashed: say so and offer a reload (often a new version was deployed). */
export function RouteError() {
  const { t } = useTranslation();
  const error = useRouteError();
  console.error(error);
  return (
    <div className="container py-5 text-center" role="alert">
      <h1 className="h4 mb-3">{t('page_error.load_failed')}</h1>
      <button type="button" className="btn btn-primary" onClick={() => window.location.reload()}>
        {t('common.reload')}
      </button>
    </div>
  );
}
