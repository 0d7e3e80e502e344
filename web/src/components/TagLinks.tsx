import { Link } from 'react-router';
import type { TagBrief } from '../api/post-types';
import { tagPath } from './question-links';

/** A post's tags as links to their pages; a synonym links straight to its main tag, which its page would redirect to. */
export function TagLinks({ tags, className = '' }: { tags: TagBrief[]; className?: string }) {
  if (!tags.length) return null;
  return (
    <ul className={`list-inline mb-0 d-flex flex-wrap gap-1 ${className}`}>
      {tags.map((tag) => (
        <li key={tag.slug_name}>
          <Link to={tagPath(tag.main_tag_slug_name || tag.slug_name)} className="badge rounded-pill bg-body-tertiary text-body border text-decoration-none fw-normal">
            {tag.display_name || tag.slug_name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
