import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { type ProfileTab, tabPath, visibleTabs } from './profile-tabs';

/** The profile's tabs as links: each tab has its own address, so it can be shared and gone back to. */
export function ProfileNav({ username, tab, isOwner }: { username: string; tab: ProfileTab; isOwner: boolean }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('users.tabs.label')} className="mb-3">
      <ul className="nav nav-tabs flex-nowrap overflow-x-auto overflow-y-hidden">
        {visibleTabs(isOwner).map((name) => (
          <li key={name} className="nav-item">
            <Link to={tabPath(username, name)} className={`nav-link text-nowrap ${name === tab ? 'active' : ''}`} aria-current={name === tab ? 'page' : undefined}>
              {t(`users.tabs.${name}`)}
            </Link>
          </li>
        ))}
      </ul>
    </nav>
  );
}
