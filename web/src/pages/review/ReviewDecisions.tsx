import Button from 'react-bootstrap/Button';
import { useTranslation } from '../../i18n/translator';

interface Props {
  busy: boolean;
  onDecide: (decision: 'approve' | 'reject') => void;
  /** Absent when this is the only item waiting. */
  onSkip?: () => void;
  /** Gives the approve and reject buttons the test ids `<prefix>-approve` and `<prefix>-reject`. */
  testIdPrefix?: string;
}

/** The decision buttons under a review item: approve, reject and, when more wait, skip. */
export function ReviewDecisions({ busy, onDecide, onSkip, testIdPrefix }: Props) {
  const { t } = useTranslation();
  return (
    <div className="d-flex flex-wrap gap-2">
      <Button variant="success" disabled={busy} onClick={() => onDecide('approve')} data-testid={testIdPrefix && `${testIdPrefix}-approve`}>
        {t('review.approve')}
      </Button>
      <Button variant="outline-danger" disabled={busy} onClick={() => onDecide('reject')} data-testid={testIdPrefix && `${testIdPrefix}-reject`}>
        {t('review.reject')}
      </Button>
      {onSkip && (
        <Button variant="link" disabled={busy} onClick={onSkip}>
          {t('review.skip')}
        </Button>
      )}
    </div>
  );
}
