import Alert from 'react-bootstrap/Alert';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error';
import { PageLoading } from '../../components/PageLoading';
import { AccountPanel } from './AccountPanel';
import { EXPIRED_LINK } from './link-errors';
import type { LinkActionState } from './useLinkAction';

interface LinkOutcomeProps {
  title: string;
  state: LinkActionState;
  done: string;
  /** Shown for a used or expired link; other failures show the server's message. */
  expired: string;
  testId: string;
}

/** What became of an e-mailed link: working, done, or why not. */
export function LinkOutcome({ title, state, done, expired, testId }: LinkOutcomeProps) {
  const { t } = useTranslation();
  if (state.kind === 'working') return <PageLoading />;
  let failure = '';
  if (state.kind === 'failed') {
    const error = state.error;
    // A field error can only be about the code itself: a mangled link reads as an expired one.
    failure = isApiError(error) && error.reason !== EXPIRED_LINK && !error.list.length && error.msg ? error.msg : expired;
  }
  return (
    <AccountPanel title={title} testId={testId}>
      <Alert variant={failure ? 'warning' : 'success'}>{failure || done}</Alert>
      <p className="text-center">
        <Link to="/">{t('page_error.back_home')}</Link>
      </p>
    </AccountPanel>
  );
}
