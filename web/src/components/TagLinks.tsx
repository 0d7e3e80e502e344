import { Link } from 'react-router';
import type { TagBrief } from '../api/post-types';
import { tagPath } from './question-links';

/** A post's tags as links to their pages. */
export function TagLinks({ tags, className = '' }: { tags: TagBrief[]; className?: string }) {
  if (!tags.length) return null;
  return (
    <ul className={`list-inline mb-0 d-flex flex-wrap gap-1 ${className}`}>
      {tags.map((tag) => (
        <li key={tag.slug_name}>
          <Link to={tagPath(tag.slug_name)} className="badge rounded-pill text-bg-light border text-decoration-none fw-normal">
            {tag.display_name || tag.slug_name}
          </Link>
        </li>
      ))}
    </ul>
  );
}
