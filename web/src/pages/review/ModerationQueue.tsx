import { useTranslation } from 'react-i18next';

/** Queued and flagged posts: listed with their counts, reviewed once moderation arrives. */
export function ModerationQueue() {
  const { t } = useTranslation();
  return (
    <p className="text-center text-body-secondary border rounded py-5" data-testid="review-moderation-soon">
      {t('review.moderation_coming')}
    </p>
  );
}
