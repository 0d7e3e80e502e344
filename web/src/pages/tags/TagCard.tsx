import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { TagPageItem } from '../../api/tags';
import { formatCount } from '../../components/count-format';
import { tagPath } from '../../components/question-links';
import { TagFollowButton } from './TagFollowButton';

/** One tag of the grid: its name to its page, the start of its description, how many questions, and a follow toggle for members. */
export function TagCard({ tag, signedIn }: { tag: TagPageItem; signedIn: boolean }) {
  const { t } = useTranslation();
  const excerpt = tag.excerpt || tag.description;
  return (
    <li className="col" data-testid="tag-card">
      <article className="card h-100">
        <div className="card-body d-flex flex-column">
          <h2 className="h6 card-title">
            <Link to={tagPath(tag.slug_name)} className="badge rounded-pill bg-body-tertiary text-body border text-decoration-none fw-normal fs-6">
              {tag.display_name || tag.slug_name}
            </Link>
          </h2>
          <p className="card-text small text-body-secondary flex-grow-1 text-break">{excerpt || t('tags.no_description')}</p>
          <div className="d-flex justify-content-between align-items-center gap-2">
            <span className="small text-body-secondary">{t('tags.question_count', { count: tag.question_count, n: formatCount(tag.question_count) })}</span>
            {signedIn && <TagFollowButton tagId={tag.tag_id} name={tag.display_name} followed={tag.is_follower} />}
          </div>
        </div>
      </article>
    </li>
  );
}
