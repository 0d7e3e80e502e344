import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { usePageTitle } from '../../hooks/usePageTitle';

export function Search() {
  const { t } = useTranslation();
  const q = useSearchParams()[0].get('q') ?? '';
  const title = t('search.title');
  usePageTitle(title);
  return (
    <section>
      <h1 className="h3 mb-2">{title}</h1>
      {q && <p className="text-body-secondary">{t('search.results_for', { q })}</p>}
      <p className="text-body-secondary py-4 text-center border rounded">{t('common.coming_soon')}</p>
    </section>
  );
}
