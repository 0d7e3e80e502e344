import dayjs from 'dayjs';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { ROUTES } from '../../app/paths';
import { useUser } from '../../state/user';
import { MessagePage } from './MessagePage';

/**
 * /users/account-suspended: until when (our server says it in the user info), or "until further
 * notice" for a suspension without end (and for upstream servers, which do not say).
 */
export function Suspended() {
  const { t } = useTranslation();
  const until = useUser()?.suspended_until ?? 0;
  return (
    <MessagePage titleKey="account.suspended_title" messageKey={until ? 'account.suspended_for_now' : 'account.suspended'}>
      {until > 0 && <p data-testid="suspended-until">{t('account.suspended_until', { time: dayjs.unix(until).format('YYYY-MM-DD HH:mm') })}</p>}
      <p>
        <Link to={ROUTES.logout}>{t('header.logout')}</Link>
      </p>
    </MessagePage>
  );
}
