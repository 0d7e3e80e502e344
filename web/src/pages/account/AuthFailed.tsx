import { Link, useSearchParams } from 'react-router';
import { ROUTES } from '../../app/paths';
import { useTranslation } from '../../i18n/translator';
import { MessagePage } from './MessagePage';

/**
 * The reasons the server names when an external sign-in fails (its reason keys), each with the UI's
 * own message. Only these are shown: the
 * reason comes from the address bar, so anything else gets the generic message.
 */
const REASONS: Readonly<Record<string, string>> = {
  'error.connector.email_needed': 'connector.failed.email_needed',
  'error.connector.state_invalid': 'connector.failed.state_invalid',
  'error.connector.no_identity': 'connector.failed.no_identity',
  'error.connector.bound_elsewhere': 'connector.failed.bound_elsewhere',
  'error.connector.already_connected': 'connector.failed.already_connected',
  'error.connector.failed': 'account.user_center_failed',
  'error.user.suspended': 'connector.failed.suspended',
  'error.user.deleted': 'connector.failed.deleted',
  'error.email.illegal_email_domain_error': 'connector.failed.email_domain',
  'error.user.not_allowed_registration': 'connector.failed.registration_closed',
  'error.plugin.unavailable': 'connector.failed.unavailable',
  'error.user_center.only_sign_in': 'connector.failed.only_sign_in',
};

/** The message key of a failure reason; the generic one for a reason this page does not know. */
export const authFailedMessageKey = (reason: string | null): string =>
  (reason && Object.hasOwn(REASONS, reason) ? REASONS[reason] : undefined) ?? 'account.user_center_failed';

/** /user-center/auth-failed?reason=...: why signing in through an external service did not work, and the way back to try again. */
export function AuthFailed() {
  const { t } = useTranslation();
  const reason = useSearchParams()[0].get('reason');
  return (
    <MessagePage titleKey="account.user_center_failed_title" messageKey={authFailedMessageKey(reason)}>
      <p data-testid="auth-failed-login">
        <Link to={ROUTES.login} className="btn btn-primary">
          {t('connector.back_to_login')}
        </Link>
      </p>
    </MessagePage>
  );
}
