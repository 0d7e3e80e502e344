import { ADMIN_CONTENT_PAGE_SIZE, ADMIN_QUESTION_FILTERS } from '@answer/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Table from 'react-bootstrap/Table';
import { useTranslation } from '../../i18n/translator';
import { Link, useSearchParams } from 'react-router';
import { type AdminQuestionItem, getAdminQuestions, purgeQuestions, setQuestionsStatus } from '../../api/admin-content';
import { formatCount } from '../../components/count-format';
import { questionPath } from '../../components/question-links';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSiteInfo } from '../../state/site';
import { AdminListState } from './AdminListState';
import { type ContentAction, contentListHref, QUESTION_ACTIONS, readQuestionsState, targetStatus, toggledOne } from './admin-content-params';
import { BulkBar, ContentEmpty, ContentHeadEnd, ContentRowEnd, ContentSearch, ContentTabs, RowCheck, SelectAllCheck, useContentAction, useRowSelection } from './admin-content-ui';

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
  const { selected, select } = useRowSelection(state);
  const { ask, dialog } = useContentAction('question', run, () => select(new Set()));

  const questions = useQuery({
    queryKey: ['admin', 'content', 'questions', state],
    queryFn: ({ signal }) => getAdminQuestions({ status: state.status, query: state.query || undefined, page: state.page, page_size: ADMIN_CONTENT_PAGE_SIZE }, signal),
    placeholderData: keepPreviousData,
  });
  const actions = QUESTION_ACTIONS[state.status];
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
      <AdminListState
        data={questions.data}
        isError={questions.isError}
        empty={<ContentEmpty kind="questions" status={state.status} query={state.query} clearHref={state.query ? contentListHref('/admin/questions', { ...state, query: '', page: 1 }) : undefined} />}
        emptyTestId="admin-content-empty"
        paging={{ page: state.page, pageSize: ADMIN_CONTENT_PAGE_SIZE, hrefOf: (page) => contentListHref('/admin/questions', { ...state, page }) }}
      >
        {(list) => (
          <Table responsive className="align-middle" data-testid="admin-questions">
            <thead>
              <tr>
                <th style={{ width: '2rem' }}>
                  <SelectAllCheck pageIds={list.map((q) => q.id)} selected={selected} onSelect={select} />
                </th>
                <th>{t('admin.content.question')}</th>
                <th>{t('admin.content.votes')}</th>
                <th>{t('admin.content.answers')}</th>
                <ContentHeadEnd deletedTab={deletedTab} />
              </tr>
            </thead>
            <tbody>
              {list.map((q) => (
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
      </AdminListState>
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
      <ContentRowEnd user={q.user_info} time={deletedTab ? q.update_time : q.create_time} title={q.title} actions={actions} onAction={onAction} />
    </tr>
  );
}
