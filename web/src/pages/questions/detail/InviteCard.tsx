import { useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../../i18n/translator';
import { UserLink } from '../../../components/UserLink';
import { showToast } from '../../../state/notices';
import { deferred } from '../../../components/deferred';
import { inviteesQuery } from './queries';

// Dialogs a reader rarely opens: their code is downloaded when first shown, not with the page.
const InviteDialog = deferred(() => import('./InviteDialog').then((m) => m.InviteDialog));

/** Side box: who was invited to answer, and inviting more for those the server lets (extends_actions). */
export function InviteCard({ questionId, canInvite }: { questionId: string; canInvite: boolean }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [open, setOpen] = useState(false);
  const { queryKey } = inviteesQuery(questionId);
  const invitees = useQuery(inviteesQuery(questionId));
  const list = invitees.data ?? [];
  if (!list.length && !canInvite) return null;

  return (
    <section className="card mb-3" aria-labelledby="invitees-title" data-testid="invitees">
      <h2 id="invitees-title" className="card-header h6 mb-0">
        {t('question.invite.card_title')}
      </h2>
      <div className="card-body small">
        {list.length ? (
          <ul className="list-unstyled d-flex flex-wrap gap-2 mb-2">
            {list.map((u) => (
              <li key={u.username}>
                <UserLink user={u} avatarSize={20} className="text-decoration-none" />
              </li>
            ))}
          </ul>
        ) : (
          <p className="text-body-secondary mb-2">{t('question.invite.none')}</p>
        )}
        {canInvite && (
          <button type="button" className="btn btn-outline-primary btn-sm" onClick={() => setOpen(true)}>
            {t('question.invite.open')}
          </button>
        )}
      </div>
      {open && (
        <InviteDialog
          questionId={questionId}
          current={list}
          onCancel={() => setOpen(false)}
          onSaved={() => {
            setOpen(false);
            showToast(t('question.invite.done'), 'success');
            void queryClient.invalidateQueries({ queryKey });
          }}
        />
      )}
    </section>
  );
}
