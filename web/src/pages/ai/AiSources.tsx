import { Link } from 'react-router';
import type { AiCitation } from '../../api/ai-chat';
import { useTranslation } from '../../i18n/translator';

/** The posts an answer cites, numbered as its `[n]` links; each opens the exact post. */
export function AiSources({ citations, newTab = false }: { citations: AiCitation[]; newTab?: boolean }) {
  const { t } = useTranslation();
  if (!citations.length) return null;
  const tab = newTab ? { target: '_blank', rel: 'noopener' } : {};
  return (
    <section className="mt-3" data-testid="ai-sources">
      <h3 className="h6 small text-body-secondary mb-1">{t('ai.sources')}</h3>
      <ol className="small mb-0 ps-4">
        {citations.map((c) => (
          <li key={c.n} value={c.n} id={`ai-source-${c.n}`}>
            <Link to={c.url} {...tab}>
              {c.title}
            </Link>{' '}
            <span className="badge bg-body-secondary text-body border fw-normal">{t(`ai.kind.${c.kind}`)}</span>
          </li>
        ))}
      </ol>
    </section>
  );
}
