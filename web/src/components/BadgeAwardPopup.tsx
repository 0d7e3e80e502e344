import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { useTranslation } from '../i18n/translator';
import { Link } from 'react-router';
import { markNotificationRead } from '../api/notification';
import { NOTIFICATION_KEY, useNotificationStatus } from '../hooks/useNotificationStatus';
import { BadgeIcon } from '../pages/badges/BadgeIcon';

const LEVEL_KEYS: Record<number, string> = { 1: 'notifications.level.bronze', 2: 'notifications.level.silver', 3: 'notifications.level.gold' };

/** The translation key of a badge level's name (domain.md 9.1 levels 1-3; unknown levels read as bronze). */
export const badgeLevelKey = (level: number) => LEVEL_KEYS[level] ?? 'notifications.level.bronze';

/**
 * "You earned the X badge": shown once for the oldest badge award the user has not seen (the status
 * poll carries it). Closing it, or following it to the badge page, marks that notification read on
 * the server, which drops it from the next poll; until then it stays hidden here. It is a card in
 * the corner, not a modal: a badge earned by a click must not take the page away from the person
 * who is in the middle of using it (docs/decisions.md).
 */
export function BadgeAwardPopup() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const award = useNotificationStatus()?.badge_award;
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  if (!award || seen.has(award.notification_id)) return null;

  const acknowledge = () => {
    setSeen((prev) => new Set(prev).add(award.notification_id));
    void markNotificationRead(award.notification_id)
      .catch(() => undefined)
      .finally(() => void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEY }));
  };
  const level = t(badgeLevelKey(award.level));

  return (
    <div className="position-fixed bottom-0 end-0 p-3" style={{ zIndex: 1080 }}>
      <section className="card shadow" role="dialog" aria-modal="false" aria-labelledby="badge-award-title" data-testid="badge-award-popup" style={{ width: '20rem' }}>
        <div className="card-header d-flex align-items-center">
          <h2 id="badge-award-title" className="h6 mb-0 flex-grow-1">
            {t('notifications.award.title')}
          </h2>
          <button type="button" className="btn-close" aria-label={t('common.close')} onClick={acknowledge} />
        </div>
        <div className="card-body text-center">
          <BadgeIcon icon={award.icon} level={award.level} size={48} />
          <p className="fs-6 mt-2 mb-1">{t('notifications.award.earned', { name: award.name })}</p>
          <p className="text-body-secondary small mb-0" data-testid="badge-award-level">
            {t('notifications.award.level', { level })}
          </p>
        </div>
        <div className="card-footer d-flex justify-content-end gap-2" data-testid="badge-award-actions">
          <button type="button" className="btn btn-link btn-sm" onClick={acknowledge}>
            {t('common.close')}
          </button>
          <Link to={`/badges/${encodeURIComponent(award.badge_id)}`} className="btn btn-primary btn-sm" onClick={acknowledge}>
            {t('notifications.award.view')}
          </Link>
        </div>
      </section>
    </div>
  );
}
