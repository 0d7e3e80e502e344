import { useQuery } from '@tanstack/react-query';
import { useTranslation } from '../../i18n/translator';
import { Link, useParams } from 'react-router';
import { getPersonalInfo } from '../../api/people';
import { ErrorPage } from '../../components/ErrorPage';
import { PageLoading } from '../../components/PageLoading';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUser } from '../../state/user';
import { Overview } from './Overview';
import { ProfileBadges } from './ProfileBadges';
import { ProfileHeader } from './ProfileHeader';
import { ProfileList } from './ProfileList';
import { ProfileNav } from './ProfileNav';
import { isOwnerOnly, tabOf, tabPath } from './profile-tabs';

/**
 * /users/:username[/:tabName]: a person's profile. An unknown person shows the 404 page (the
 * profile is an allow404 call), as does an unknown tab. A deleted account shows only that it is
 * deleted; votes and bookmarks are offered to their owner alone.
 */
export function Profile() {
  const { t } = useTranslation();
  const { username = '', tabName } = useParams();
  const tab = tabOf(tabName);
  const viewer = useUser();
  const isOwner = !!viewer && viewer.username === username;
  const profile = useQuery({ queryKey: ['personal-info', username], queryFn: ({ signal }) => getPersonalInfo(username, signal), enabled: tab !== null });
  const info = profile.data;
  usePageTitle(info ? `${info.display_name || info.username} (${info.username})` : undefined);

  if (!tab) return <ErrorPage code="404" />;
  if (!info) return profile.isPending ? <PageLoading /> : null;
  const deleted = info.status === 'deleted';

  return (
    <div data-testid="profile">
      <ProfileHeader info={info} isOwner={isOwner} />
      {!deleted && (
        <>
          <ProfileNav username={info.username} tab={tab} isOwner={isOwner} />
          {tab === 'overview' ? (
            <Overview info={info} />
          ) : tab === 'badges' ? (
            <ProfileBadges username={info.username} isOwner={isOwner} />
          ) : isOwnerOnly(tab) && !isOwner ? (
            <p className="text-body-secondary" data-testid="profile-owner-only">
              {t('users.owner_only')} <Link to={tabPath(info.username, 'overview')}>{t('users.back_to_overview')}</Link>
            </p>
          ) : (
            <ProfileList key={tab} username={info.username} tab={tab} />
          )}
        </>
      )}
    </div>
  );
}
