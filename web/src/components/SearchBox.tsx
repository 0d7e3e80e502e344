import { type FormEvent, useState } from 'react';
import { useTranslation } from '../i18n/translator';
import { useLocation, useNavigate, useSearchParams } from 'react-router';

export function SearchBox() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [params] = useSearchParams();
  const { pathname } = useLocation();
  // Only the search page's q is a search: other pages may use q for something else.
  const current = pathname === '/search' ? (params.get('q') ?? '') : '';
  const [query, setQuery] = useState(current);
  const [shown, setShown] = useState(current);
  if (shown !== current) {
    setShown(current);
    setQuery(current);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    const q = query.trim();
    if (q) navigate(`/search?q=${encodeURIComponent(q)}`);
  };

  return (
    // The action is for a search sent before the app has taken over the server's page (or without JavaScript).
    <form role="search" action="/search" onSubmit={submit} className="my-2 my-lg-0 mx-lg-3 flex-grow-1" style={{ maxWidth: 420 }}>
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
