import Alert from 'react-bootstrap/Alert';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { ComingSoon } from '../../components/ComingSoon';

/** /users/login; with ?status=inactive it also tells an unconfirmed user to check their e-mail. */
export function Login() {
  const { t } = useTranslation();
  const inactive = useSearchParams()[0].get('status') === 'inactive';
  return (
    <div className="mx-auto" style={{ maxWidth: 480 }}>
      {inactive && <Alert variant="warning">{t('account.inactive_notice')}</Alert>}
      <ComingSoon titleKey="account.login" />
    </div>
  );
}
