import { useTranslation } from '../i18n/translator';
import { useSiteInfo } from '../state/site';
import { Icon } from './icons/Icon';

/**
 * The Atom feed of a list, for feed readers (features/seo/feeds.ts). A private site has no feeds,
 * so nothing is shown there. A plain link: the feed is a file, not a page of the app.
 */
export function FeedLink({ href }: { href: string }) {
  const { t } = useTranslation();
  if (useSiteInfo()?.login.login_required) return null;
  return (
    <a href={href} type="application/atom+xml" className="small link-secondary text-decoration-none" data-testid="feed-link">
      <Icon name="rss-fill" className="me-1" />
      {t('questions.feed')}
    </a>
  );
}
