import { useTranslation } from '../../i18n/translator';
import { useSearchParams } from 'react-router';
import { confirmEmailChange } from '../../api/account';
import { acceptLogin } from '../../state/user';
import { LinkOutcome } from './LinkOutcome';
import { useLinkAction } from './useLinkAction';

/** /users/confirm-new-email?code=: the link sent to a new address makes it the account's (and confirms it). */
export function ConfirmNewEmail() {
  const { t } = useTranslation();
  const code = useSearchParams()[0].get('code') ?? '';
  const state = useLinkAction(async () => acceptLogin(await confirmEmailChange(code)));
  return (
    <LinkOutcome
      title={t('account.confirm_new_email')}
      state={state}
      done={t('account.confirm_new_email_page.done')}
      expired={t('account.confirm_new_email_page.link_invalid')}
      testId="confirm-new-email-page"
    />
  );
}
