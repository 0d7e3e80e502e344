import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { MessagePage } from './MessagePage';

/** /users/account-suspended. The API does not say until when, so the page does not either. */
export function Suspended() {
  const { t } = useTranslation();
  return (
    <MessagePage titleKey="account.suspended_title" messageKey="account.suspended">
      <p>
        <Link to={ROUTES.logout}>{t('header.logout')}</Link>
      </p>
    </MessagePage>
  );
}
