import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { Link, Navigate, useLocation, useNavigate, useParams } from 'react-router';
import { type TagInfo as Tag, deleteTag, recoverTag } from '../../api/tags';
import { deriveLoginState } from '../../app/login-state';
import { formatCount } from '../../components/count-format';
import { deferred } from '../../components/deferred';
import { PageLoading } from '../../components/PageLoading';
import { PostHtml } from '../../components/PostHtml';
import { TimeAgo } from '../../components/TimeAgo';
import { showToast } from '../../state/notices';
import { useUser } from '../../state/user';
import { usePageTitle } from '../../hooks/usePageTitle';
import { explainFailure } from '../questions/detail/optimistic';
import { synonymRedirect } from './synonym-redirect';
import { TagHeader, useTagSynonyms } from './TagHeader';
import { useTagByName } from './useTagByName';

// Forms for staff and a confirmation: a reader's first visit to the wiki does not download them.
const ConfirmDialog = deferred(() => import('../../components/ConfirmDialog').then((m) => m.ConfirmDialog));
const MergeTag = deferred(() => import('./MergeTag').then((m) => m.MergeTag));
const SynonymEditor = deferred(() => import('./SynonymEditor').then((m) => m.SynonymEditor));

/** /tags/:tagName/info: the whole wiki, its history and edit links, and the synonyms (editable by staff). */
export function TagInfo() {
  const { tagName = '' } = useParams();
  const { search } = useLocation();
  const tag = useTagByName(tagName);
  const target = synonymRedirect(tagName, tag.data, '/info', search);
  if (target) return <Navigate to={target} replace />;
  if (!tag.data) return tag.isPending ? <PageLoading /> : null;
  return <TagWiki tag={tag.data} />;
}

const can = (actions: { action: string }[] | undefined, action: string) => (actions ?? []).some((a) => a.action === action);

function TagWiki({ tag }: { tag: Tag }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const queryClient = useQueryClient();
  const login = deriveLoginState(useUser());
  const synonyms = useTagSynonyms(tag.tag_id).data;
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const [busy, setBusy] = useState(false);
  usePageTitle(t('tags.info_title', { name: tag.display_name || tag.slug_name }));
  const staff = login.isAdmin || login.isModerator;
  // The server lists what the viewer may do; staff may always manage synonyms and deletion.
  const canSynonyms = staff || can(synonyms?.member_actions, 'edit');
  const canDelete = staff || can(tag.member_actions, 'delete');

  const run = async (action: () => Promise<unknown>, done: string) => {
    setBusy(true);
    try {
      await action();
      showToast(t(done), 'success');
      await queryClient.invalidateQueries({ queryKey: ['tag'] });
      await queryClient.invalidateQueries({ queryKey: ['tags'] });
      return true;
    } catch (error) {
      explainFailure(error);
      return false;
    } finally {
      setBusy(false);
      setConfirming(false);
    }
  };

  return (
    <section aria-labelledby="tag-info-title">
      <TagHeader tag={tag} headingId="tag-info-title" />
      <p className="small text-body-secondary d-flex flex-wrap gap-3">
        <span>
          {t('tags.created')} <TimeAgo time={tag.created_at} />
        </span>
        {tag.updated_at > 0 && (
          <span>
            {t('tags.updated')} <TimeAgo time={tag.updated_at} />
          </span>
        )}
        <span>{t('tags.question_count', { count: tag.question_count, n: formatCount(tag.question_count) })}</span>
      </p>
      <nav className="small d-flex flex-wrap gap-3 mb-3" aria-label={t('tags.actions')}>
        <Link to={`/tags/${tag.tag_id}/edit`}>{t('tags.edit')}</Link>
        <Link to={`/tags/${tag.tag_id}/timeline`}>{t('tags.history')}</Link>
        {canDelete && tag.status !== 'deleted' && (
          <button type="button" className="btn btn-link btn-sm p-0 text-danger" onClick={() => setConfirming(true)}>
            {t('tags.delete')}
          </button>
        )}
        {staff && tag.status === 'deleted' && (
          <button type="button" className="btn btn-link btn-sm p-0" disabled={busy} onClick={() => void run(() => recoverTag(tag.tag_id), 'tags.recovered')}>
            {t('tags.recover')}
          </button>
        )}
      </nav>
      {tag.parsed_text ? (
        <PostHtml html={tag.parsed_text} className="mb-4" testId="tag-wiki" />
      ) : (
        <p className="text-body-secondary border rounded p-3">{t('tags.no_description')}</p>
      )}
      <h2 className="h6">{t('tags.synonyms.title')}</h2>
      {editing ? (
        <SynonymEditor tagId={tag.tag_id} mainSlug={tag.slug_name} synonyms={synonyms?.synonyms ?? []} onDone={() => setEditing(false)} />
      ) : (
        <div className="mb-3">
          {synonyms?.synonyms.length ? (
            <ul className="list-inline mb-2" data-testid="tag-synonym-list">
              {synonyms.synonyms.map((s) => (
                <li key={s.tag_id} className="list-inline-item font-monospace">
                  {s.slug_name}
                </li>
              ))}
            </ul>
          ) : (
            <p className="small text-body-secondary mb-2">{t('tags.synonyms.none')}</p>
          )}
          {canSynonyms && (
            <button type="button" className="btn btn-outline-secondary btn-sm" onClick={() => setEditing(true)}>
              {t('tags.synonyms.edit')}
            </button>
          )}
        </div>
      )}
      {staff && tag.status !== 'deleted' && !tag.main_tag_slug_name && <MergeTag tag={tag} />}
      {confirming && (
        <ConfirmDialog
          message={t('tags.delete_confirm')}
          confirmLabel={t('tags.delete')}
          busy={busy}
          onCancel={() => setConfirming(false)}
          onConfirm={() => void run(() => deleteTag(tag.tag_id), 'tags.deleted_notice').then((ok) => ok && navigate('/tags'))}
        />
      )}
    </section>
  );
}
