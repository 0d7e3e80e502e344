import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { type TagInfo, getTagSynonyms } from '../../api/tags';
import { FeedLink } from '../../components/FeedLink';
import { tagPath } from '../../components/question-links';
import { TagFollowButton } from './TagFollowButton';

export const useTagSynonyms = (tagId: string) =>
  useQuery({ queryKey: ['tag', 'synonyms', tagId], queryFn: ({ signal }) => getTagSynonyms(tagId, signal) });

/** Top of both tag pages: the name, follow toggle with follower count, and the synonyms that lead here. */
export function TagHeader({ tag, headingId }: { tag: TagInfo; headingId: string }) {
  const { t } = useTranslation();
  const synonyms = useTagSynonyms(tag.tag_id).data?.synonyms ?? [];
  return (
    <header className="mb-3">
      <div className="d-flex flex-wrap justify-content-between align-items-center gap-2 mb-2">
        <h1 id={headingId} className="h4 mb-0">
          <Link to={tagPath(tag.slug_name)} className="text-reset text-decoration-none">
            {tag.display_name || tag.slug_name}
          </Link>
          {tag.status === 'deleted' && <span className="badge text-bg-danger ms-2 fs-6 align-middle">{t('tags.deleted')}</span>}
        </h1>
        <div className="d-flex align-items-center gap-3">
          <FeedLink href={`/feeds/tags/${encodeURIComponent(tag.slug_name)}.atom`} />
          <TagFollowButton tagId={tag.tag_id} name={tag.display_name} followed={tag.is_follower} count={tag.follow_count} />
        </div>
      </div>
      {synonyms.length > 0 && (
        <p className="small text-body-secondary mb-0" data-testid="tag-synonyms">
          {t('tags.synonyms.also')}{' '}
          {synonyms.map((s, i) => (
            <span key={s.tag_id}>
              {i > 0 && ', '}
              <span className="font-monospace">{s.slug_name}</span>
            </span>
          ))}
        </p>
      )}
    </header>
  );
}
