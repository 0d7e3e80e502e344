import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { PersonalInfo } from '../../api/people';
import { Avatar } from '../../components/Avatar';
import { formatCount } from '../../components/count-format';
import { PersonalBranding } from './PersonalBranding';

/**
 * Who this is: picture, names, reputation, the user centre's links for them (when one is active),
 * and a plain statement when the account is suspended or deleted, so nobody mistakes its silence for
 * activity. The owner gets the way to edit it.
 */
export function ProfileHeader({ info, isOwner }: { info: PersonalInfo; isOwner: boolean }) {
  const { t } = useTranslation();
  const name = info.display_name || info.username;
  const statusKey = info.status === 'suspended' || info.status === 'deleted' ? `users.status.${info.status}` : '';
  return (
    <header className="mb-3">
      {statusKey && (
        <div className="alert alert-warning" role="status" data-testid="profile-status">
          {t(statusKey)}
        </div>
      )}
      <div className="d-flex flex-wrap align-items-center gap-3">
        <Avatar src={info.avatar} name={name} size={96} seed={info.username} />
        <div className="flex-grow-1">
          <h1 className="h3 mb-0 text-break">{name}</h1>
          <div className="text-body-secondary">@{info.username}</div>
          <div className="small text-body-secondary" title={t('question.reputation')}>
            {t('question.reputation_short', { n: formatCount(info.rank) })}
          </div>
          {info.status !== 'deleted' && <PersonalBranding username={info.username} />}
        </div>
        {isOwner && (
          <Link to="/users/settings/profile" className="btn btn-outline-secondary btn-sm">
            {t('users.edit_profile')}
          </Link>
        )}
      </div>
    </header>
  );
}
