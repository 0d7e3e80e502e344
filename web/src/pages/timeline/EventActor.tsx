import { useTranslation } from '../../i18n/translator';
import type { UserBrief } from '../../api/post-types';
import { UserLink } from '../../components/UserLink';

/** Who caused an event; "N/A" when the server hides them (a downvoter) or they are gone. */
export function EventActor({ user }: { user: UserBrief | null }) {
  const { t } = useTranslation();
  if (!user) return <span className="text-body-secondary">{t('timeline.n_a')}</span>;
  return <UserLink user={user} avatarSize={20} className="gap-2" />;
}
