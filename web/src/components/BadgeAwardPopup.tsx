import { useQueryClient } from '@tanstack/react-query';
import { useCallback, useEffect, useState } from 'react';
import { useTranslation } from '../i18n/translator';
import { Link } from 'react-router';
import { markNotificationRead } from '../api/notification';
import { NOTIFICATION_KEY, useNotificationStatus } from '../hooks/useNotificationStatus';
import { BadgeIcon } from '../pages/badges/BadgeIcon';

const LEVEL_KEYS: Record<number, string> = { 1: 'notifications.level.bronze', 2: 'notifications.level.silver', 3: 'notifications.level.gold' };

/** The translation key of a badge level's name (domain.md 9.1 levels 1-3; unknown levels read as bronze). */
export const badgeLevelKey = (level: number) => LEVEL_KEYS[level] ?? 'notifications.level.bronze';

/** How long the toast stays when nobody touches it; closing it by hand or by time acknowledges the awards. */
const SHOWN_MS = 12_000;

/**
 * "You earned the X badge" (or "You earned 3 badges"): one small toast for every badge award the
 * user has not seen yet (the status poll carries them). Closing it, following a badge, or letting it
 * time out marks those notifications read on the server, which drops them from the next poll. It
 * sits in the corner below dialogs (z-index under Bootstrap's modal and offcanvas), so it never
 * covers what the person is doing (docs/decisions.md).
 */
export function BadgeAwardPopup() {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const status = useNotificationStatus();
  const [seen, setSeen] = useState<ReadonlySet<string>>(() => new Set());
  const [hovered, setHovered] = useState(false);
  const awards = (status?.badge_awards ?? (status?.badge_award ? [status.badge_award] : [])).filter((a) => !seen.has(a.notification_id));
  const ids = awards.map((a) => a.notification_id).join(',');

  const acknowledge = useCallback(() => {
    if (!ids) return;
    const shown = ids.split(',');
    setSeen((prev) => new Set([...prev, ...shown]));
    void Promise.all(shown.map((id) => markNotificationRead(id).catch(() => undefined))).finally(
      () => void queryClient.invalidateQueries({ queryKey: NOTIFICATION_KEY }),
    );
  }, [ids, queryClient]);

  useEffect(() => {
    if (!ids || hovered) return;
    const timer = setTimeout(acknowledge, SHOWN_MS);
    return () => clearTimeout(timer);
  }, [ids, hovered, acknowledge]);

  if (!awards.length) return null;
  const [first] = awards;
  const single = awards.length === 1;

  return (
    <div className="position-fixed bottom-0 end-0 p-3" style={{ zIndex: 1040 }} onMouseEnter={() => setHovered(true)} onMouseLeave={() => setHovered(false)}>
      <section className="toast show shadow" role="status" aria-live="polite" aria-labelledby="badge-award-title" data-testid="badge-award-popup" style={{ width: '18rem' }}>
        <div className="toast-header">
          <BadgeIcon icon={first!.icon} level={first!.level} size={20} />
          <h2 id="badge-award-title" className="h6 mb-0 ms-2 me-auto">
            {single ? t('notifications.award.title') : t('notifications.award.title_many', { count: awards.length })}
          </h2>
          <button type="button" className="btn-close" aria-label={t('common.close')} onClick={acknowledge} />
        </div>
        <div className="toast-body">
          {single ? (
            <>
              <p className="mb-1">{t('notifications.award.earned', { name: first!.name })}</p>
              <p className="text-body-secondary small mb-2" data-testid="badge-award-level">
                {t('notifications.award.level', { level: t(badgeLevelKey(first!.level)) })}
              </p>
            </>
          ) : (
            <ul className="list-unstyled mb-2" data-testid="badge-award-list">
              {awards.map((a) => (
                <li key={a.notification_id} className="d-flex align-items-center gap-2 mb-1">
                  <BadgeIcon icon={a.icon} level={a.level} size={16} />
                  <Link to={`/badges/${encodeURIComponent(a.badge_id)}`} onClick={acknowledge}>
                    {a.name}
                  </Link>
                  <span className="text-body-secondary small">{t(badgeLevelKey(a.level))}</span>
                </li>
              ))}
            </ul>
          )}
          <div className="d-flex justify-content-end gap-2" data-testid="badge-award-actions">
            <button type="button" className="btn btn-link btn-sm" onClick={acknowledge}>
              {t('common.close')}
            </button>
            <Link to={single ? `/badges/${encodeURIComponent(first!.badge_id)}` : '/users/notifications/achievement'} className="btn btn-primary btn-sm" onClick={acknowledge}>
              {single ? t('notifications.award.view') : t('notifications.award.view_all')}
            </Link>
          </div>
        </div>
      </section>
    </div>
  );
}
