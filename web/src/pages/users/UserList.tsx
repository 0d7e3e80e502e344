import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { getUserRanking } from '../../api/people';
import { deriveLoginState } from '../../app/login-state';
import { formatCount } from '../../components/count-format';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUser } from '../../state/user';
import { RankingSection } from './RankingSection';
import { UserSearch } from './UserSearch';

/**
 * /users: finding a person by name, then the directory as upstream shows it: who gained the most
 * reputation, who voted (or was voted on) and who edited the most in the last 7 days, and the staff.
 */
export function UserList() {
  const { t } = useTranslation();
  usePageTitle(t('users.title'));
  const login = deriveLoginState(useUser());
  const ranking = useQuery({ queryKey: ['user-ranking'], queryFn: ({ signal }) => getUserRanking(signal) });
  const data = ranking.data;
  const reputation = (u: { rank: number }) => t('question.reputation_short', { n: formatCount(u.rank) });

  return (
    <div>
      <h1 className="h4 mb-3">{t('users.title')}</h1>
      <UserSearch loggedIn={login.isLoggedIn} />
      {!data ? (
        ranking.isPending && <PageLoading />
      ) : (
        <>
          <RankingSection
            id="users-reputation"
            title={t('users.directory.reputation')}
            users={data.users_with_the_most_reputation ?? []}
            detailOf={reputation}
            empty={t('users.directory.reputation_empty')}
          />
          <RankingSection
            id="users-votes"
            title={t('users.directory.votes')}
            users={data.users_with_the_most_vote ?? []}
            detailOf={(u) => t('users.directory.votes_n', { count: u.vote_count, n: formatCount(u.vote_count) })}
            empty={t('users.directory.votes_empty')}
          />
          <RankingSection
            id="users-editors"
            title={t('users.directory.editors')}
            users={data.users_with_the_most_edits ?? []}
            detailOf={(u) => t('users.directory.edits_n', { count: u.edit_count, n: formatCount(u.edit_count) })}
            empty={t('users.directory.editors_empty')}
          />
          <RankingSection id="users-staff" title={t('users.directory.staff')} users={data.staffs ?? []} detailOf={reputation} empty={t('users.directory.staff_empty')} />
        </>
      )}
    </div>
  );
}
