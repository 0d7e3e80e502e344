import { useTranslation } from '../../i18n/translator';
import { useSearchParams } from 'react-router';
import { unsubscribe } from '../../api/account';
import { LinkOutcome } from './LinkOutcome';
import { useLinkAction } from './useLinkAction';

/** /users/unsubscribe?code=: the link at the foot of a notification e-mail turns those e-mails off. */
export function Unsubscribe() {
  const { t } = useTranslation();
  const code = useSearchParams()[0].get('code') ?? '';
  const state = useLinkAction(() => unsubscribe(code));
  return (
    <LinkOutcome
      title={t('account.unsubscribe')}
      state={state}
      done={t('account.unsubscribe_page.done')}
      expired={t('account.unsubscribe_page.link_invalid')}
      testId="unsubscribe-page"
    />
  );
}
