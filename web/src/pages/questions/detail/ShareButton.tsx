import { useTranslation } from '../../../i18n/translator';
import { Icon } from '../../../components/icons/Icon';
import { questionPath } from '../../../components/question-links';
import { useSiteInfo } from '../../../state/site';
import { showToast } from '../../../state/notices';
import { useUser } from '../../../state/user';

/**
 * The link to a question or an answer, copied for sharing. A signed-in member's link carries
 * `?share=<username>`, which credits them with the First Share badge when someone else opens it
 * (features/badge/share.ts). Where the clipboard is not available the link is shown instead.
 */
export function ShareButton({ questionId, urlTitle, answerId }: { questionId: string; urlTitle?: string; answerId?: string }) {
  const { t } = useTranslation();
  const user = useUser();
  const permalink = useSiteInfo()?.site_seo.permalink;
  const share = async () => {
    const url = new URL(questionPath(permalink, { id: questionId, url_title: urlTitle }, answerId), window.location.origin);
    if (user?.username) url.searchParams.set('share', user.username);
    try {
      await navigator.clipboard.writeText(url.toString());
      showToast(t('question.share.copied'), 'success');
    } catch {
      showToast(t('question.share.copy_this', { url: url.toString() }), 'info');
    }
  };
  return (
    <button type="button" className="btn btn-sm btn-link text-body-secondary text-decoration-none px-1" onClick={() => void share()} data-testid="share-button">
      <Icon name="share" className="me-1" />
      {t('question.share.action')}
    </button>
  );
}
