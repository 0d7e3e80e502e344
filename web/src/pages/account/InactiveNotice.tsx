import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { UserInfo } from '../../api/types';
import { ROUTES } from '../../app/paths';
import { NoMailServer, useNoMailServer } from '../../components/NoMailServer';
import { AccountPanel } from './AccountPanel';
import { ResendActivation } from './ResendActivation';

/**
 * For a logged-in user whose e-mail is not confirmed: where the link went, and what to do about it.
 * Without a mail server no link went anywhere: the page says so instead of sending the person to
 * an inbox that stays empty.
 */
export function InactiveNotice({ user }: { user: UserInfo }) {
  const { t } = useTranslation();
  const noMail = useNoMailServer();
  return (
    <AccountPanel title={t('account.inactive.title')} testId="inactive-notice">
      {noMail ? (
        <NoMailServer message={t('account.inactive.no_mail_server')} />
      ) : (
        <>
          <p>{t('account.inactive.sent_to', { email: user.e_mail })}</p>
          <p className="small text-body-secondary">{t('account.inactive.check_spam')}</p>
          <ResendActivation />
          <p className="small">
            {t('account.inactive.wrong_address')} <Link to={ROUTES.changeEmail}>{t('account.inactive.change_email')}</Link>
          </p>
        </>
      )}
      <p className="small">
        <Link to={ROUTES.logout}>{t('header.logout')}</Link>
      </p>
    </AccountPanel>
  );
}
