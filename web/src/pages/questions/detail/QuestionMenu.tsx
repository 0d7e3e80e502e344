import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/translator';
import { useNavigate } from 'react-router';
import { operateQuestion, recoverQuestion, reopenQuestion } from '../../../api/operations';
import { type QuestionInfo, deleteQuestion } from '../../../api/questions';
import { ROUTES } from '../../../app/paths';
import { editQuestionPath, questionTimelinePath } from '../../../components/question-links';
import { showToast } from '../../../state/notices';
import { type PostAction, PostMenu } from './PostMenu';
import { deferred } from '../../../components/deferred';

// Dialogs a reader rarely opens: their code is downloaded when first shown, not with the page.
const CloseDialog = deferred(() => import('./CloseDialog').then((m) => m.CloseDialog));
const FlagDialog = deferred(() => import('../../../components/flag/FlagDialog').then((m) => m.FlagDialog));

/** The question's menu: each action calls its endpoint, then the page shows the new state. */
export function QuestionMenu({ question: q, loggedIn }: { question: QuestionInfo; loggedIn: boolean }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const [closing, setClosing] = useState(false);
  const [flagging, setFlagging] = useState(false);

  // Status, pin and listing show in lists too.
  const refresh = () => Promise.all([queryClient.invalidateQueries({ queryKey: ['question'] }), queryClient.invalidateQueries({ queryKey: ['questions'] })]);
  const done = async (message: string) => {
    showToast(message, 'success');
    await refresh();
  };

  const onAction = async (action: Exclude<PostAction, 'edit'>) => {
    switch (action) {
      case 'close':
        setClosing(true);
        return;
      case 'report':
        setFlagging(true);
        return;
      case 'delete':
        await deleteQuestion(q.id);
        showToast(t('question.deleted'), 'success');
        await queryClient.invalidateQueries({ queryKey: ['questions'] });
        navigate(ROUTES.home);
        return;
      case 'reopen':
        await reopenQuestion(q.id);
        return done(t('question.done.reopen'));
      case 'undelete':
        await recoverQuestion(q.id);
        return done(t('question.done.undelete'));
      case 'pin':
        await operateQuestion(q.id, action);
        return done(t('question.done.pin'));
      case 'unpin':
        await operateQuestion(q.id, action);
        return done(t('question.done.unpin'));
      case 'hide':
        await operateQuestion(q.id, action);
        return done(t('question.done.hide'));
      case 'show':
        await operateQuestion(q.id, action);
        return done(t('question.done.show'));
    }
  };

  return (
    <>
      <PostMenu
        actions={q.member_actions}
        editHref={editQuestionPath(q.id)}
        timelineHref={loggedIn ? questionTimelinePath(q.id) : undefined}
        deleteMessage={t('question.delete_confirm')}
        onAction={onAction}
      />
      {flagging && (
        <FlagDialog
          objectType="question"
          objectId={q.id}
          onCancel={() => setFlagging(false)}
          onFlagged={() => {
            setFlagging(false);
            showToast(t('flag.done'), 'success');
          }}
        />
      )}
      {closing && (
        <CloseDialog
          questionId={q.id}
          onCancel={() => setClosing(false)}
          onClosed={async () => {
            setClosing(false);
            await done(t('question.done.close'));
          }}
        />
      )}
    </>
  );
}
