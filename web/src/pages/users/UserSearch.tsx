import { useQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { Link, useSearchParams } from 'react-router';
import { searchUsers } from '../../api/comments';
import { ROUTES } from '../../app/paths';
import { PageLoading } from '../../components/PageLoading';
import { UserCard } from './UserCard';

/**
 * Finding a person by the start of their username or display name (GET user/info/search, the
 * contract's only user search). The server answers members only, so visitors are asked to log in.
 * The words searched for live in the address (`?q=`), so a search can be shared and gone back to.
 */
export function UserSearch({ loggedIn }: { loggedIn: boolean }) {
  const { t } = useTranslation();
  const [params, setParams] = useSearchParams();
  const q = (params.get('q') ?? '').trim();
  const [text, setText] = useState(q);
  const found = useQuery({
    queryKey: ['user-search', q],
    queryFn: ({ signal }) => searchUsers(q, signal),
    enabled: loggedIn && q !== '',
  });

  if (!loggedIn) {
    return (
      <p className="text-body-secondary" data-testid="user-search-login">
        <Link to={ROUTES.login}>{t('users.search.login_needed')}</Link>
      </p>
    );
  }

  const search = (value: string) => setParams(value.trim() ? { q: value.trim() } : {});
  return (
    <section className="mb-4" aria-label={t('users.search.label')}>
      <form
        role="search"
        className="d-flex gap-2 mb-3"
        style={{ maxWidth: 480 }}
        onSubmit={(e) => {
          e.preventDefault();
          search(text);
        }}
      >
        <label htmlFor="user-search" className="visually-hidden">
          {t('users.search.label')}
        </label>
        <input
          id="user-search"
          type="search"
          className="form-control"
          placeholder={t('users.search.placeholder')}
          value={text}
          maxLength={30}
          onChange={(e) => setText(e.target.value)}
        />
        <button type="submit" className="btn btn-primary">
          {t('users.search.submit')}
        </button>
        {q && (
          <button
            type="button"
            className="btn btn-outline-secondary"
            onClick={() => {
              setText('');
              search('');
            }}
          >
            {t('users.search.clear')}
          </button>
        )}
      </form>
      {q &&
        (!found.data ? (
          found.isPending ? <PageLoading /> : null
        ) : (
          <div aria-live="polite" data-testid="user-search-results">
            {found.data.length ? (
              <>
                <h2 className="h6">{t('users.search.results', { q })}</h2>
                <ul className="list-unstyled row row-cols-1 row-cols-sm-2 row-cols-lg-4 g-2">
                  {found.data.map((user) => (
                    <UserCard key={user.username} user={user} detail={`@${user.username}`} />
                  ))}
                </ul>
              </>
            ) : (
              <p className="text-body-secondary">{t('users.search.none', { q })}</p>
            )}
          </div>
        ))}
    </section>
  );
}
