import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from '../i18n/translator';
import { Link } from 'react-router';
import type { UserInfo } from '../api/types';
import { ROUTES } from '../app/paths';
import { useSiteInfo } from '../state/site';
import { Avatar } from './Avatar';
import { avatarUrl } from './avatar-url';

/** The avatar menu of a logged-in user: profile, settings, admin console for admins, log out. */
export function UserMenu({ user, isAdmin }: { user: UserInfo; isAdmin: boolean }) {
  const { t } = useTranslation();
  const users = useSiteInfo()?.site_users;
  const name = user.display_name || user.username;
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" className="p-0 border-0 d-flex align-items-center" aria-label={t('header.user_menu', { name })}>
        <Avatar src={avatarUrl(user.avatar, users)} name={name} />
      </Dropdown.Toggle>
      <Dropdown.Menu>
        <Dropdown.Item as={Link} to={`/users/${encodeURIComponent(user.username)}`}>
          {t('header.profile')}
        </Dropdown.Item>
        <Dropdown.Item as={Link} to="/users/settings/profile">
          {t('header.settings')}
        </Dropdown.Item>
        {isAdmin && (
          <Dropdown.Item as={Link} to="/admin">
            {t('header.admin')}
          </Dropdown.Item>
        )}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={ROUTES.logout}>
          {t('header.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
