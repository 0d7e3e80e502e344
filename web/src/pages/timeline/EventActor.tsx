import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import type { UserBrief } from '../../api/post-types';
import { Avatar } from '../../components/Avatar';
import { userPath } from '../../components/question-links';

/** Who caused an event; "N/A" when the server hides them (a downvoter) or they are gone. */
export function EventActor({ user }: { user: UserBrief | null }) {
  const { t } = useTranslation();
  if (!user) return <span className="text-body-secondary">{t('timeline.n_a')}</span>;
  const name = user.display_name || user.username;
  return (
    <span className="d-inline-flex align-items-center gap-2">
      <Avatar src={user.avatar} name={name} size={20} />
      {user.username ? <Link to={userPath(user.username)}>{name}</Link> : name}
    </span>
  );
}
