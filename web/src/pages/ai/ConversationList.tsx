import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { Link } from 'react-router';
import { isApiError } from '../../api/api-error';
import { AI_KEYS, type AiConversationListItem, deleteAiConversation, getAiConversations } from '../../api/ai-chat';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { SvgIcon } from '../../components/icons/svg-icon';
import { TimeAgo } from '../../components/TimeAgo';
import { useTranslation } from '../../i18n/translator';
import { showToast } from '../../state/notices';
import { AI_ICONS } from './ai-icons';
import './ai.css';

/** The member's conversations, newest first: open one to continue it, or delete it. */
export function ConversationList({ activeId, onDeleted }: { activeId: string | undefined; onDeleted: (id: string) => void }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const list = useQuery({ queryKey: AI_KEYS.conversations, queryFn: ({ signal }) => getAiConversations(1, signal) });
  const [deleting, setDeleting] = useState<AiConversationListItem | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteAiConversation(id),
    onSuccess: (_data, id) => {
      setDeleting(null);
      showToast(t('ai.deleted'), 'success');
      void queryClient.invalidateQueries({ queryKey: AI_KEYS.conversations });
      onDeleted(id);
    },
    onError: (e) => showToast(isApiError(e) && e.msg ? e.msg : t('common.request_failed')),
  });
  const items = list.data?.list ?? [];
  return (
    <nav aria-labelledby="ai-conversations-title" data-testid="ai-conversations">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h2 id="ai-conversations-title" className="h6 mb-0">
          {t('ai.conversations')}
        </h2>
        <Link to="/ai" className="btn btn-sm btn-outline-primary d-inline-flex align-items-center gap-1 text-nowrap">
          <SvgIcon shapes={AI_ICONS.plus} />
          {t('ai.new_conversation')}
        </Link>
      </div>
      {list.isError && <p className="small text-body-secondary">{t('ai.conversations_failed')}</p>}
      {list.isSuccess && !items.length && <p className="small text-body-secondary">{t('ai.no_conversations')}</p>}
      {items.length > 0 && (
        <ul className="list-group ai-conversation-list">
          {items.map((c) => {
            const topic = c.topic || t('ai.untitled');
            const current = c.conversation_id === activeId;
            return (
              <li key={c.conversation_id} className={`list-group-item d-flex align-items-start gap-2 ${current ? 'active' : ''}`}>
                <Link to={`/ai/${c.conversation_id}`} className={`flex-grow-1 text-break small ${current ? 'link-light' : ''}`} aria-current={current ? 'page' : undefined}>
                  {topic}
                  <span className={`d-block ${current ? '' : 'text-body-secondary'}`}>
                    <TimeAgo time={c.updated_at || c.created_at} />
                  </span>
                </Link>
                <button type="button" className={`btn btn-sm ${current ? 'btn-light' : 'btn-outline-secondary'} py-0`} aria-label={t('ai.delete_label', { topic })} title={t('ai.delete')} onClick={() => setDeleting(c)}>
                  <SvgIcon shapes={AI_ICONS.trash} />
                </button>
              </li>
            );
          })}
        </ul>
      )}
      {deleting && (
        <ConfirmDialog
          message={t('ai.delete_confirm')}
          confirmLabel={t('ai.delete')}
          busy={remove.isPending}
          onConfirm={() => remove.mutate(deleting.conversation_id)}
          onCancel={() => setDeleting(null)}
        />
      )}
    </nav>
  );
}
