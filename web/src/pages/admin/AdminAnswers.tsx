import { ADMIN_ANSWER_FILTERS, ADMIN_CONTENT_PAGE_SIZE } from '@answer/contract';
import { keepPreviousData, useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import Table from 'react-bootstrap/Table';
import { useTranslation } from 'react-i18next';
import { Link, useSearchParams } from 'react-router';
import { type AdminAnswerItem, getAdminAnswers, purgeAnswers, setAnswersStatus } from '../../api/admin-content';
import { formatCount } from '../../components/count-format';
import { FormMessage } from '../../components/FormMessage';
import { PageLoading } from '../../components/PageLoading';
import { Pagination } from '../../components/Pagination';
import { questionPath } from '../../components/question-links';
import { TimeAgo } from '../../components/TimeAgo';
import { UserLink } from '../../components/UserLink';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useSiteInfo } from '../../state/site';
import { ANSWER_ACTIONS, type ContentAction, contentListHref, readAnswersState, targetStatus, toggledAll, toggledOne } from './admin-content-params';
import { ActionButton, BulkBar, ContentSearch, ContentTabs, RowCheck, useContentAction } from './admin-content-ui';

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
  const stateKey = JSON.stringify(state);
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: stateKey, ids: new Set() });
  const selected = selection.key === stateKey ? selection.ids : new Set<string>();
  const select = (ids: Set<string>) => setSelection({ key: stateKey, ids });
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
  const data = answers.data;
  const pageIds = data?.list.map((a) => a.id) ?? [];
  const actions = ANSWER_ACTIONS[state.status];
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
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
      {!data ? (
        answers.isError ? <FormMessage message={t('common.request_failed')} /> : <PageLoading />
      ) : data.list.length === 0 ? (
        <div className="text-center text-body-secondary border rounded py-5" data-testid="admin-content-empty">
          <p className="mb-2">{state.query ? t('admin.content.empty_search', { q: state.query }) : t(`admin.content.empty.answers.${state.status}`)}</p>
          {filtered && <Link to={contentListHref('/admin/answers', { ...state, query: '', questionId: '', page: 1 })}>{t('admin.content.clear_search')}</Link>}
        </div>
      ) : (
        <Table responsive className="align-middle" data-testid="admin-answers">
          <thead>
            <tr>
              <th style={{ width: '2rem' }}>
                <RowCheck checked={allSelected} indeterminate={!allSelected && selected.size > 0} label={t('admin.content.select_all')} onChange={() => select(toggledAll(selected, pageIds))} />
              </th>
              <th>{t('admin.content.answer')}</th>
              <th>{t('admin.content.votes')}</th>
              <th>{t('admin.content.author')}</th>
              <th>{t(deletedTab ? 'admin.content.deleted_at' : 'admin.content.created')}</th>
              <th>
                <span className="visually-hidden">{t('admin.content.actions')}</span>
              </th>
            </tr>
          </thead>
          <tbody>
            {data.list.map((a) => (
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
      {data && <Pagination page={state.page} pageSize={ADMIN_CONTENT_PAGE_SIZE} count={data.count} hrefOf={(page) => contentListHref('/admin/answers', { ...state, page })} />}
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
      <td className="text-nowrap">{a.user_info ? <UserLink user={a.user_info} avatarSize={20} /> : null}</td>
      <td className="text-nowrap small">
        <TimeAgo time={deletedTab ? a.update_time : a.create_time} />
      </td>
      <td className="text-end">
        <div className="d-inline-flex gap-1">
          {actions.map((x) => (
            <ActionButton key={x} action={x} onClick={() => onAction(x)} label={<span className="visually-hidden"> {title}</span>} />
          ))}
        </div>
      </td>
    </tr>
  );
}
