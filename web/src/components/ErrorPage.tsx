import { useTranslation } from '../i18n/translator';
import { Link } from 'react-router';
import type { ErrorPageCode } from '../api/client-env';
import { usePageTitle } from '../hooks/usePageTitle';

const TEXT_KEY: Record<ErrorPageCode, string> = {
  '403': 'page_error.forbidden',
  '404': 'page_error.not_found',
  '50X': 'page_error.server_error',
};

/** The 403, 404 and 50X pages (spec section 8), each with a way back home. */
export function ErrorPage({ code, message }: { code: ErrorPageCode; message?: string }) {
  const { t } = useTranslation();
  usePageTitle(code);
  return (
    <div className="d-flex flex-column align-items-center py-5 text-center" data-testid={`error-page-${code}`}>
      <p className="display-1 fw-bold text-body-tertiary" aria-hidden="true">
        {code}
      </p>
      <h1 className="h4 mb-3">{message || t(TEXT_KEY[code])}</h1>
      <Link to="/" className="btn btn-link">
        {t('page_error.back_home')}
      </Link>
    </div>
  );
}
