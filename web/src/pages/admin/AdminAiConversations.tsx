import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useSearchParams } from 'react-router';
import { isApiError } from '../../api/api-error';
import { AI_KEYS, type AiAdminConversationItem, deleteAdminAiConversation, getAdminAiConversation, getAdminAiConversations } from '../../api/ai-chat';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { PageLoading } from '../../components/PageLoading';
import { PostHtml } from '../../components/PostHtml';
import { TimeAgo } from '../../components/TimeAgo';
import { formatCount } from '../../components/count-format';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useTranslation } from '../../i18n/translator';
import { showToast } from '../../state/notices';
import { AiSources } from '../ai/AiSources';
import { AdminListState } from './AdminListState';
import { formatWhole } from './dashboard-format';

const PAGE_SIZE = 20;

/** One conversation read in full: each question, each answer with its sources, votes and report reason. */
function ConversationDetail({ item, onClose }: { item: AiAdminConversationItem; onClose: () => void }) {
  const { t } = useTranslation();
  const detail = useQuery({ queryKey: [...AI_KEYS.admin, item.id], queryFn: ({ signal }) => getAdminAiConversation(item.id, signal) });
  return (
    <Modal show onHide={onClose} size="lg" scrollable aria-labelledby="ai-conversation-title" data-testid="ai-conversation-detail">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="ai-conversation-title" as="h2" className="h5 text-break">
          {item.topic || t('ai.untitled')}
          <small className="d-block text-body-secondary fs-6 fw-normal">{item.user_info.display_name || item.user_info.username}</small>
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        {detail.isError && <p className="text-danger">{t('common.request_failed')}</p>}
        {detail.isPending && <PageLoading />}
        {detail.data?.records.map((record) =>
          record.role === 'user' ? (
            <section key={`q-${record.chat_completion_id}`} className="mb-2">
              <h3 className="h6 small text-body-secondary mb-1">{t('admin.ai_conversations.question')}</h3>
              <p className="text-break mb-0" style={{ whiteSpace: 'pre-wrap' }}>
                {record.content}
              </p>
            </section>
          ) : (
            <section key={`a-${record.chat_completion_id}`} className="card card-body mb-3" data-testid="ai-record">
              <h3 className="h6 small text-body-secondary mb-1">
                {t('admin.ai_conversations.answer')} · <TimeAgo time={record.created_at} />
                {record.helpful > 0 && <span className="badge text-bg-success ms-2">{t('admin.ai_conversations.helpful')}</span>}
                {record.unhelpful > 0 && <span className="badge text-bg-secondary ms-2">{t('admin.ai_conversations.unhelpful')}</span>}
              </h3>
              {record.html ? <PostHtml html={record.html} /> : <p className="text-break mb-0" style={{ whiteSpace: 'pre-wrap' }}>{record.content}</p>}
              {!record.grounded && <p className="small text-body-secondary mb-0 mt-2">{t('admin.ai_conversations.not_grounded')}</p>}
              <AiSources citations={record.citations} newTab />
              {record.reported && (
                <div className="alert alert-warning small py-2 mt-3 mb-0" data-testid="ai-report-reason">
                  {record.report_reason ? t('admin.ai_conversations.report_reason', { reason: record.report_reason }) : t('admin.ai_conversations.reported_no_reason')}
                </div>
              )}
            </section>
          ),
        )}
      </Modal.Body>
    </Modal>
  );
}

/** /admin/ai-conversations: every member's conversations with the assistant, to read and to delete. */
export function AdminAiConversations() {
  const { t, i18n } = useTranslation();
  usePageTitle(t('admin.menu.ai_conversations'));
  const queryClient = useQueryClient();
  const [params] = useSearchParams();
  const page = Math.max(1, Number(params.get('page')) || 1);
  const list = useQuery({ queryKey: [...AI_KEYS.admin, 'page', page], queryFn: ({ signal }) => getAdminAiConversations(page, signal) });
  const [open, setOpen] = useState<AiAdminConversationItem | null>(null);
  const [deleting, setDeleting] = useState<AiAdminConversationItem | null>(null);
  const remove = useMutation({
    mutationFn: (id: string) => deleteAdminAiConversation(id),
    onSuccess: () => {
      setDeleting(null);
      showToast(t('admin.ai_conversations.deleted'), 'success');
      void queryClient.invalidateQueries({ queryKey: AI_KEYS.admin });
    },
    onError: (e) => showToast(isApiError(e) && e.msg ? e.msg : t('common.request_failed')),
  });
  const c = (key: string) => t(`admin.ai_conversations.${key}`);

  return (
    <div data-testid="admin-ai-conversations">
      <h1 className="h3 mb-2">{t('admin.menu.ai_conversations')}</h1>
      <p className="text-body-secondary">{c('intro')}</p>
      <AdminListState data={list.data} isError={list.isError} empty={c('empty')} emptyTestId="ai-conversations-empty" paging={{ page, pageSize: PAGE_SIZE, hrefOf: (p) => `/admin/ai-conversations?page=${p}` }}>
        {(items) => (
          <div className="table-responsive">
            <table className="table align-middle small">
              <thead>
                <tr>
                  <th scope="col">{c('topic')}</th>
                  <th scope="col">{c('member')}</th>
                  <th scope="col" className="text-end">{c('helpful')}</th>
                  <th scope="col" className="text-end">{c('unhelpful')}</th>
                  <th scope="col" className="text-end">{c('reports')}</th>
                  <th scope="col" className="text-end">{c('tokens')}</th>
                  <th scope="col">{c('date')}</th>
                  <th scope="col"><span className="visually-hidden">{c('actions')}</span></th>
                </tr>
              </thead>
              <tbody>
                {items.map((item) => (
                  <tr key={item.id} data-testid="ai-conversation-row">
                    <td className="text-break">
                      <button type="button" className="btn btn-link p-0 text-start small" onClick={() => setOpen(item)}>
                        {item.topic || t('ai.untitled')}
                      </button>
                    </td>
                    <td>{item.user_info.display_name || item.user_info.username}</td>
                    <td className="text-end">{formatCount(item.helpful_count)}</td>
                    <td className="text-end">{formatCount(item.unhelpful_count)}</td>
                    <td className={`text-end ${item.report_count ? 'text-danger fw-semibold' : ''}`}>{formatCount(item.report_count)}</td>
                    <td className="text-end">{formatWhole(item.tokens, i18n.language)}</td>
                    <td className="text-nowrap"><TimeAgo time={item.created_at} /></td>
                    <td className="text-end text-nowrap">
                      <button type="button" className="btn btn-sm btn-outline-danger" aria-label={t('admin.ai_conversations.delete_label', { topic: item.topic || t('ai.untitled') })} onClick={() => setDeleting(item)}>
                        {c('delete')}
                      </button>
                    </td>
                  </tr>
                ))}
              </tbody>
            </table>
          </div>
        )}
      </AdminListState>
      {open && <ConversationDetail item={open} onClose={() => setOpen(null)} />}
      {deleting && (
        <ConfirmDialog message={c('delete_confirm')} confirmLabel={c('delete')} busy={remove.isPending} onConfirm={() => remove.mutate(deleting.id)} onCancel={() => setDeleting(null)} />
      )}
    </div>
  );
}
