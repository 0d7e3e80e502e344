import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { MemberAction } from '../../../api/post-types';
import { ConfirmDialog } from '../../../components/ConfirmDialog';

interface PostActionsProps {
  actions: MemberAction[];
  editHref: string;
  deleteMessage: string;
  onDelete: () => Promise<unknown>;
}

/** Edit and delete under a post, shown only when the server lists them for this viewer. */
export function PostActions({ actions, editHref, deleteMessage, onDelete }: PostActionsProps) {
  const { t } = useTranslation();
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  const can = (action: string) => actions.some((a) => a.action === action);
  if (!can('edit') && !can('delete')) return null;
  return (
    <div className="d-flex gap-3 small">
      {can('edit') && (
        <Link to={editHref} className="link-secondary">
          {t('question.action.edit')}
        </Link>
      )}
      {can('delete') && (
        <button type="button" className="btn btn-link btn-sm p-0 link-danger" onClick={() => setConfirming(true)}>
          {t('question.action.delete')}
        </button>
      )}
      {confirming && (
        <ConfirmDialog
          message={deleteMessage}
          confirmLabel={t('question.action.delete')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={async () => {
            setBusy(true);
            try {
              await onDelete();
              setConfirming(false);
            } catch {
              // The request client already told the user why.
            } finally {
              setBusy(false);
            }
          }}
        />
      )}
    </div>
  );
}
