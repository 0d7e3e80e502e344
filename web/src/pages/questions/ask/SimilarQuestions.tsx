import { useQuery } from '@tanstack/react-query';
import { useEffect, useState } from 'react';
import { useTranslation } from '../../../i18n/translator';
import { Link } from 'react-router';
import { getSimilarQuestions } from '../../../api/questions';
import { questionPath } from '../../../components/question-links';
import { useSiteInfo } from '../../../state/site';

const TYPING_PAUSE_MS = 400;
const MIN_LENGTH = 2;

/**
 * While a title is typed: questions that may already answer it, opening in a new tab so the form
 * stays. An edited question passes its own id, so it is never offered as similar to itself.
 */
export function SimilarQuestions({ title, excludeId }: { title: string; excludeId?: string }) {
  const { t } = useTranslation();
  const permalink = useSiteInfo()?.site_seo.permalink;
  const [query, setQuery] = useState(title.trim());

  useEffect(() => {
    const timer = setTimeout(() => setQuery(title.trim()), TYPING_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [title]);

  const similar = useQuery({
    // Not under ['questions']: posting refreshes those, which would list the new question as similar to itself.
    queryKey: ['similar-questions', query],
    queryFn: ({ signal }) => getSimilarQuestions(query, signal),
    enabled: query.length >= MIN_LENGTH,
    staleTime: 30_000,
  });
  const list = query.length >= MIN_LENGTH ? (similar.data ?? []).filter((q) => q.id !== excludeId) : [];
  if (!list.length) return null;
  return (
    <section className="card mb-3" aria-labelledby="similar-title" data-testid="similar-questions">
      <h2 id="similar-title" className="card-header h6 mb-0">
        {t('question.form.similar')}
      </h2>
      <ul className="list-group list-group-flush">
        {list.slice(0, 6).map((q) => (
          <li key={q.id} className="list-group-item small d-flex justify-content-between gap-2">
            <Link to={questionPath(permalink, q)} target="_blank" rel="noopener">
              {q.title}
            </Link>
            <span className={`badge align-self-start ${q.accepted_answer ? 'text-bg-success' : 'text-bg-light border'}`}>
              {t('question.count.answers', { count: q.answer_count, n: q.answer_count })}
            </span>
          </li>
        ))}
      </ul>
    </section>
  );
}
