import { ADMIN_ANSWER_FILTERS, ADMIN_CONTENT_PAGE_SIZE } from '@answer/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import Table from 'react-bootstrap/Table';
import { useTranslation } from '../../i18n/translator';
import { Link, useSearchParams } from 'react-router';
import { type AdminAnswerItem, getAdminAnswers, purgeAnswers, setAnswersStatus } from '../../api/admin-content';
import { formatCount } from '../../components/count-format';
import { questionPath } from '../../components/question-links';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSiteInfo } from '../../state/site';
import { AdminListState } from './AdminListState';
import { ANSWER_ACTIONS, type ContentAction, contentListHref, readAnswersState, targetStatus, toggledOne } from './admin-content-params';
import { BulkBar, ContentEmpty, ContentHeadEnd, ContentRowEnd, ContentSearch, ContentTabs, RowCheck, SelectAllCheck, useContentAction, useRowSelection } from './admin-content-ui';

const ACCEPTED = 2;
const run = (action: ContentAction, ids: string[]) =>
  action === 'purge' ? purgeAnswers(ids) : setAnswersStatus(ids, targetStatus(action) === 'deleted' ? 'deleted' : 'available');

/**
 * /admin/answers: every answer by status (normal, deleted, waiting for review), optionally one
 * question's (`?question_id=`, the link behind a question's answer count), found by words,
 * `user:name` or id; row and bulk actions as on /admin/questions.
 */
export function AdminAnswers() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.answers'));
  const permalink = useSiteInfo()?.site_seo.permalink;
  const state = readAnswersState(useSearchParams()[0]);
  const { selected, select } = useRowSelection(state);
  const { ask, dialog } = useContentAction('answer', run, () => select(new Set()));

  const answers = useQuery({
    queryKey: ['admin', 'content', 'answers', state],
    queryFn: ({ signal }) =>
      getAdminAnswers(
        { status: state.status, query: state.query || undefined, question_id: state.questionId || undefined, page: state.page, page_size: ADMIN_CONTENT_PAGE_SIZE },
        signal,
      ),
    placeholderData: keepPreviousData,
  });
  const actions = ANSWER_ACTIONS[state.status];
  const deletedTab = state.status === 'deleted';
  const filtered = state.query || state.questionId;

  return (
    <>
      <h1 className="h3 mb-4">{t('admin.menu.answers')}</h1>
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-3">
        <ContentTabs filters={ADMIN_ANSWER_FILTERS} current={state.status} hrefOf={(status) => contentListHref('/admin/answers', { ...state, status, page: 1 })} />
        <ContentSearch query={state.query} placeholder={t('admin.content.search_answers')} hrefOf={(query) => contentListHref('/admin/answers', { ...state, query, page: 1 })} />
      </div>
      {state.questionId && (
        <p className="small" data-testid="admin-answers-question-filter">
          {t('admin.content.one_question', { id: state.questionId })}{' '}
          <Link to={contentListHref('/admin/answers', { ...state, questionId: '', page: 1 })}>{t('admin.content.all_questions')}</Link>
        </p>
      )}
      {state.status === 'pending' && <p className="small text-body-secondary">{t('admin.content.pending_hint')}</p>}
      <BulkBar count={selected.size} actions={actions} onAction={(action) => ask({ action, ids: [...selected] })} onClear={() => select(new Set())} />
      <AdminListState
        data={answers.data}
        isError={answers.isError}
        empty={<ContentEmpty kind="answers" status={state.status} query={state.query} clearHref={filtered ? contentListHref('/admin/answers', { ...state, query: '', questionId: '', page: 1 }) : undefined} />}
        emptyTestId="admin-content-empty"
        paging={{ page: state.page, pageSize: ADMIN_CONTENT_PAGE_SIZE, hrefOf: (page) => contentListHref('/admin/answers', { ...state, page }) }}
      >
        {(list) => (
          <Table responsive className="align-middle" data-testid="admin-answers">
            <thead>
              <tr>
                <th style={{ width: '2rem' }}>
                  <SelectAllCheck pageIds={list.map((a) => a.id)} selected={selected} onSelect={select} />
                </th>
                <th>{t('admin.content.answer')}</th>
                <th>{t('admin.content.votes')}</th>
                <ContentHeadEnd deletedTab={deletedTab} />
              </tr>
            </thead>
            <tbody>
              {list.map((a) => (
                <AnswerRow
                  key={a.id}
                  answer={a}
                  permalink={permalink}
                  deletedTab={deletedTab}
                  checked={selected.has(a.id)}
                  onCheck={() => select(toggledOne(selected, a.id))}
                  actions={actions}
                  onAction={(action) => ask({ action, ids: [a.id], name: a.question_info.title })}
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
  answer: AdminAnswerItem;
  permalink?: number;
  deletedTab: boolean;
  checked: boolean;
  onCheck: () => void;
  actions: ContentAction[];
  onAction: (action: ContentAction) => void;
}

function AnswerRow({ answer: a, permalink, deletedTab, checked, onCheck, actions, onAction }: RowProps) {
  const { t } = useTranslation();
  const title = a.question_info.title;
  return (
    <tr data-testid="admin-answer-row">
      <td>
        <RowCheck checked={checked} label={t('admin.content.select_answer', { name: title })} onChange={onCheck} />
      </td>
      <td className="text-break">
        <Link to={questionPath(permalink, { id: a.question_id, url_title: a.question_info.url_title }, a.id)} className="fw-semibold">
          {title}
        </Link>
        {a.accepted === ACCEPTED && <span className="badge text-bg-success ms-2">{t('admin.content.accepted')}</span>}
        <div className="small text-body-secondary">{a.description}</div>
      </td>
      <td>{formatCount(a.vote_count)}</td>
      <ContentRowEnd user={a.user_info} time={deletedTab ? a.update_time : a.create_time} title={title} actions={actions} onAction={onAction} />
    </tr>
  );
}
