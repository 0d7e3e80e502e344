import { Link } from 'react-router';
import { Icon } from '../../components/icons/Icon';
import { useTranslation } from '../../i18n/translator';

/** Beside the hits: the same question put to the assistant, which answers from the site's posts. */
export function AskAssistantCard({ q }: { q: string }) {
  const { t } = useTranslation();
  return (
    <Link to={`/ai?${new URLSearchParams({ q })}`} className="card card-body flex-row align-items-center gap-3 mb-3 text-decoration-none" data-testid="search-ask-ai">
      <Icon name="chat-dots" size="1.5em" className="text-primary" />
      <span>
        <span className="d-block fw-semibold text-break">{t('ai.search_card', { q })}</span>
        <span className="d-block small text-body-secondary">{t('ai.search_card_hint')}</span>
      </span>
    </Link>
  );
}
