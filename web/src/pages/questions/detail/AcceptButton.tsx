import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/translator';
import { acceptAnswer } from '../../../api/operations';
import { Icon } from '../../../components/icons/Icon';
import { explainFailure } from './optimistic';

interface AcceptButtonProps {
  questionId: string;
  answerId: string;
  accepted: boolean;
}

/**
 * The tick that accepts an answer (or withdraws the acceptance), for the asker and staff. Accepting
 * moves reputation and the answer order, so the question and its answers are fetched again.
 */
export function AcceptButton({ questionId, answerId, accepted }: AcceptButtonProps) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [busy, setBusy] = useState(false);

  const click = async () => {
    setBusy(true);
    try {
      await acceptAnswer(questionId, accepted ? '' : answerId);
      await Promise.all([
        queryClient.invalidateQueries({ queryKey: ['question'] }),
        queryClient.invalidateQueries({ queryKey: ['answers', questionId] }),
        queryClient.invalidateQueries({ queryKey: ['questions'] }),
      ]);
    } catch (error) {
      explainFailure(error);
    } finally {
      setBusy(false);
    }
  };

  return (
    <button
      type="button"
      className={`btn btn-sm ${accepted ? 'btn-success' : 'btn-outline-success'}`}
      aria-pressed={accepted}
      disabled={busy}
      onClick={() => void click()}
    >
      <Icon name="check-lg" /> {accepted ? t('question.accepted') : t('question.accept')}
    </button>
  );
}
