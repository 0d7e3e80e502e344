import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
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
 * the server, which drops it from the next poll; until then it stays hidden here.
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
    <Modal show onHide={acknowledge} centered aria-labelledby="badge-award-title" data-testid="badge-award-popup">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="badge-award-title" as="h2" className="h5">
          {t('notifications.award.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body className="text-center py-4">
        <BadgeIcon icon={award.icon} level={award.level} size={64} />
        <p className="fs-5 mt-3 mb-1">{t('notifications.award.earned', { name: award.name })}</p>
        <p className="text-body-secondary small mb-0" data-testid="badge-award-level">
          {t('notifications.award.level', { level })}
        </p>
      </Modal.Body>
      <Modal.Footer>
        <button type="button" className="btn btn-link" onClick={acknowledge}>
          {t('common.close')}
        </button>
        <Link to={`/badges/${encodeURIComponent(award.badge_id)}`} className="btn btn-primary" onClick={acknowledge}>
          {t('notifications.award.view')}
        </Link>
      </Modal.Footer>
    </Modal>
  );
}
