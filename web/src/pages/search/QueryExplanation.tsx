import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { tagPath } from '../../components/question-links';
import type { ParsedQuery, SearchFilter } from './search-query';

/** What the server will look for, said back in words, so a mistyped operator is noticed. */
export function QueryExplanation({ parsed }: { parsed: ParsedQuery }) {
  const { t } = useTranslation();
  const describe = (filter: SearchFilter): string => {
    switch (filter.kind) {
      case 'user':
        return t('search.explain.user', { name: filter.value });
      case 'score':
        return filter.value === 0 ? t('search.explain.score_zero') : t('search.explain.score', { n: filter.value });
      case 'is':
        return t(`search.explain.is_${filter.value}`);
      case 'hasaccepted':
        return t(filter.value ? 'search.explain.hasaccepted_yes' : 'search.explain.hasaccepted_no');
      case 'isaccepted':
        return t('search.explain.isaccepted');
      case 'views':
        return t('search.explain.views', { n: filter.value });
      case 'answers':
        return filter.value === 0 ? t('search.explain.answers_zero') : t('search.explain.answers', { n: filter.value });
      case 'inquestion':
        return t('search.explain.inquestion', { id: filter.value });
    }
  };
  if (!parsed.words.length && !parsed.tags.length && !parsed.filters.length) return null;
  return (
    <ul className="list-unstyled small text-body-secondary mb-3 d-flex flex-wrap gap-2" aria-label={t('search.explain.label')} data-testid="search-explain">
      {parsed.words.length > 0 && <li className="border rounded px-2">{t('search.explain.words', { words: parsed.words.join(', ') })}</li>}
      {parsed.tags.map((tag) => (
        <li key={tag} className="border rounded px-2">
          {t('search.explain.tag')} <Link to={tagPath(tag)}>{tag}</Link>
        </li>
      ))}
      {parsed.filters.map((filter, i) => (
        <li key={i} className="border rounded px-2">
          {describe(filter)}
        </li>
      ))}
      {parsed.conflict && <li className="border border-warning rounded px-2 text-warning-emphasis">{t('search.explain.conflict')}</li>}
    </ul>
  );
}
