import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/translator';
import type { AnswerInfo } from '../../../api/answers';
import { deleteAnswer } from '../../../api/answers';
import { recoverAnswer } from '../../../api/operations';
import { answerTimelinePath, editAnswerPath } from '../../../components/question-links';
import { showToast } from '../../../state/notices';
import { type PostAction, PostMenu } from './PostMenu';
import { deferred } from '../../../components/deferred';

// Dialogs a reader rarely opens: their code is downloaded when first shown, not with the page.
const FlagDialog = deferred(() => import('../../../components/flag/FlagDialog').then((m) => m.FlagDialog));

/** An answer's menu: edit, delete and undelete as the server allows, and its history. */
export function AnswerMenu({ answer: a, questionId, loggedIn }: { answer: AnswerInfo; questionId: string; loggedIn: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [flagging, setFlagging] = useState(false);

  // The answer count of the question and of the lists changes with it.
  const refresh = () =>
    Promise.all([
      queryClient.invalidateQueries({ queryKey: ['answers', questionId] }),
      queryClient.invalidateQueries({ queryKey: ['question'] }),
      queryClient.invalidateQueries({ queryKey: ['questions'] }),
    ]);

  const onAction = async (action: Exclude<PostAction, 'edit'>) => {
    if (action === 'report') return setFlagging(true);
    if (action === 'delete') await deleteAnswer(a.id);
    else if (action === 'undelete') {
      await recoverAnswer(a.id);
      showToast(t('question.done.undelete_answer'), 'success');
    } else return;
    await refresh();
  };

  return (
    <>
      <PostMenu
        actions={a.member_actions}
        editHref={editAnswerPath(questionId, a.id)}
        timelineHref={loggedIn ? answerTimelinePath(questionId, a.id) : undefined}
        deleteMessage={t('question.delete_answer_confirm')}
        onAction={onAction}
      />
      {flagging && (
        <FlagDialog
          objectType="answer"
          objectId={a.id}
          onCancel={() => setFlagging(false)}
          onFlagged={() => {
            setFlagging(false);
            showToast(t('flag.done'), 'success');
          }}
        />
      )}
    </>
  );
}
