import { type FormEvent, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useNavigate, useSearchParams } from 'react-router';

export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const [query, setQuery] = useState(params.get('q') ?? '');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  return (
    <form role="search" onSubmit={submit} className="my-2 my-lg-0 mx-lg-3 flex-grow-1" style={{ maxWidth: 420 }}>
      <input
        type="search"
        name="q"
        className="form-control form-control-sm"
        value={query}
        onChange={(e) => setQuery(e.target.value)}
        placeholder={t('header.search_placeholder')}
        aria-label={t('header.search_label')}
      />
    </form>
  );
}
