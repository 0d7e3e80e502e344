import { useTranslation } from 'react-i18next';

/** Placeholder until the moderation work lands. */
export function FlaggedPosts() {
  const { t } = useTranslation();
  return (
    <p className="text-center text-body-secondary border rounded py-5" data-testid="review-moderation-soon">
      {t('review.moderation_coming')}
    </p>
  );
}
