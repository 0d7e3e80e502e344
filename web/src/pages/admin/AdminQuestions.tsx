import { ADMIN_CONTENT_PAGE_SIZE, ADMIN_QUESTION_FILTERS } from '@answer/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type AdminQuestionItem, getAdminQuestions, purgeQuestions, setQuestionsStatus } from '../../api/admin-content';
import { formatCount } from '../../components/count-format';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';
import { questionPath } from '../../components/question-links';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSiteInfo } from '../../state/site';
import { type ContentAction, contentListHref, QUESTION_ACTIONS, readQuestionsState, targetStatus, toggledAll, toggledOne } from './admin-content-params';
import { ActionButton, BulkBar, ContentSearch, ContentTabs, RowCheck, useContentAction } from './admin-content-ui';

const run = (action: ContentAction, ids: string[]) => (action === 'purge' ? purgeQuestions(ids) : setQuestionsStatus(ids, targetStatus(action)));

/**
 * /admin/questions: every question by status (normal, closed, deleted, waiting for review), found
 * by words, `user:name` or id, in pages. Each row has the tab's actions (close or reopen, delete or
 * undelete, permanent deletion of deleted ones), and selected rows take one action together.
 * Every action asks first; the server applies it to each question on its own and reports back.
 */
export function AdminQuestions() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.questions'));
  const permalink = useSiteInfo()?.site_seo.permalink;
  const state = readQuestionsState(useSearchParams()[0]);
  const stateKey = JSON.stringify(state);
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: stateKey, ids: new Set() });
  // Another tab, page or search starts with nothing selected.
  const selected = selection.key === stateKey ? selection.ids : new Set<string>();
  const select = (ids: Set<string>) => setSelection({ key: stateKey, ids });
  const { ask, dialog } = useContentAction('question', run, () => select(new Set()));

  const questions = useQuery({
    queryKey: ['admin', 'content', 'questions', state],
    queryFn: ({ signal }) => getAdminQuestions({ status: state.status, query: state.query || undefined, page: state.page, page_size: ADMIN_CONTENT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const data = questions.data;
  const pageIds = data?.list.map((q) => q.id) ?? [];
  const actions = QUESTION_ACTIONS[state.status];
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  const deletedTab = state.status === 'deleted';

  return (
    <>
      <h1 className="h3 mb-4">{t('admin.menu.questions')}</h1>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <ContentTabs filters={ADMIN_QUESTION_FILTERS} current={state.status} hrefOf={(status) => contentListHref('/admin/questions', { ...state, status, page: 1 })} />
        <ContentSearch query={state.query} placeholder={t('admin.content.search_questions')} hrefOf={(query) => contentListHref('/admin/questions', { ...state, query, page: 1 })} />
      </div>
      {state.status === 'pending' && <p className="small text-body-secondary">{t('admin.content.pending_hint')}</p>}
      <BulkBar count={selected.size} actions={actions} onAction={(action) => ask({ action, ids: [...selected] })} onClear={() => select(new Set())} />
      {!data ? (
        questions.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />
      ) : data.list.length === 0 ? (
        <div className="text-center text-body-secondary border rounded py-5" data-testid="admin-content-empty">
          <p className="mb-2">{state.query ? t('admin.content.empty_search', { q: state.query }) : t(`admin.content.empty.questions.${state.status}`)}</p>
          {state.query && <Link to={contentListHref('/admin/questions', { ...state, query: '', page: 1 })}>{t('admin.content.clear_search')}</Link>}
        </div>
      ) : (
        <Table responsive className="align-middle" data-testid="admin-questions">
          <thead>
            <tr>
              <th style={{ width: '2rem' }}>
                <RowCheck checked={allSelected} indeterminate={!allSelected && selected.size > 0} label={t('admin.content.select_all')} onChange={() => select(toggledAll(selected, pageIds))} />
              </th>
              <th>{t('admin.content.question')}</th>
              <th>{t('admin.content.votes')}</th>
              <th>{t('admin.content.answers')}</th>
              <th>{t('admin.content.author')}</th>
              <th>{t(deletedTab ? 'admin.content.deleted_at' : 'admin.content.created')}</th>
              <th>
                <span className="visually-hidden">{t('admin.content.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((q) => (
              <QuestionRow
                key={q.id}
                question={q}
                permalink={permalink}
                deletedTab={deletedTab}
                checked={selected.has(q.id)}
                onCheck={() => select(toggledOne(selected, q.id))}
                actions={actions}
                onAction={(action) => ask({ action, ids: [q.id], name: q.title })}
              />
            ))}
          </tbody>
        </Table>
      )}
      {data && <Pagination page={state.page} pageSize={ADMIN_CONTENT_PAGE_SIZE} count={data.count} hrefOf={(page) => contentListHref('/admin/questions', { ...state, page })} />}
      {dialog}
    </>
  );
}

interface RowProps {
  question: AdminQuestionItem;
  permalink?: number;
  deletedTab: boolean;
  checked: boolean;
  onCheck: () => void;
  actions: ContentAction[];
  onAction: (action: ContentAction) => void;
}

function QuestionRow({ question: q, permalink, deletedTab, checked, onCheck, actions, onAction }: RowProps) {
  const { t } = useTranslation();
  return (
    <tr data-testid="admin-question-row">
      <td>
        <RowCheck checked={checked} label={t('admin.content.select_row', { name: q.title })} onChange={onCheck} />
      </td>
      <td className="text-break">
        <Link to={questionPath(permalink, q)}>{q.title}</Link>
        {q.accepted_answer_id !== '0' && <span className="badge text-bg-success ms-2">{t('admin.content.accepted')}</span>}
        {q.pin === 2 && <span className="badge text-bg-secondary ms-2">{t('admin.content.pinned')}</span>}
        {q.show === 2 && <span className="badge text-bg-secondary ms-2">{t('admin.content.unlisted')}</span>}
      </td>
      <td>{formatCount(q.vote_count)}</td>
      <td>
        <Link to={contentListHref('/admin/answers', { status: 'normal', query: '', page: 1, questionId: q.id })} aria-label={t('admin.content.answers_of', { name: q.title })}>
          {formatCount(q.answer_count)}
        </Link>
      </td>
      <td className="text-nowrap">{q.user_info ? <UserLink user={q.user_info} avatarSize={20} /> : null}</td>
      <td className="text-nowrap small">
        <TimeAgo time={deletedTab ? q.update_time : q.create_time} />
      </td>
      <td className="text-end">
        <div className="d-inline-flex gap-1">
          {actions.map((a) => (
            <ActionButton key={a} action={a} onClick={() => onAction(a)} label={<span className="visually-hidden"> {q.title}</span>} />
          ))}
        </div>
      </td>
    </tr>
  );
}
