import Dropdown from 'react-bootstrap/Dropdown';
import { useTranslation } from '../i18n/translator';
import { Link } from 'react-router';
import type { UserInfo } from '../api/types';
import { activeAgent } from '../app/agent';
import { ROUTES } from '../app/paths';
import { useAgent, useSiteInfo } from '../state/site';
import { Avatar } from './Avatar';
import { avatarUrl } from './avatar-url';

/**
 * The avatar menu of a logged-in user: profile, settings, admin console for admins, the active user
 * centre's own pages (its control centre), log out.
 */
export function UserMenu({ user, isAdmin }: { user: UserInfo; isAdmin: boolean }) {
  const { t } = useTranslation();
  const users = useSiteInfo()?.site_users;
  const name = user.display_name || user.username;
  const controlCenter = activeAgent(useAgent())?.control_center ?? [];
  return (
    <Dropdown align="end">
      <Dropdown.Toggle variant="link" className="p-0 border-0 d-flex align-items-center text-decoration-none" aria-label={t('header.user_menu', { name })}>
        <Avatar src={avatarUrl(user.avatar, users)} name={name} seed={user.username} />
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
        {controlCenter.length > 0 && <Dropdown.Divider />}
        {controlCenter.map((item) => (
          // A page of the site is opened by the browser itself (it may be a plugin's); anything else leaves the site.
          <Dropdown.Item key={item.name || item.url} href={item.url} rel={/^\/(?!\/)/.test(item.url) ? undefined : 'noopener noreferrer'} data-testid="control-center-item">
            {item.label || item.name}
          </Dropdown.Item>
        ))}
        <Dropdown.Divider />
        <Dropdown.Item as={Link} to={ROUTES.logout}>
          {t('header.logout')}
        </Dropdown.Item>
      </Dropdown.Menu>
    </Dropdown>
  );
}
