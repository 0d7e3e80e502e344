import { useQuery } from '@tanstack/react-query';
import ProgressBar from 'react-bootstrap/ProgressBar';
import { Link } from 'react-router';
import { AI_KEYS, getAiUsage } from '../../api/ai-chat';
import { formatCount } from '../../components/count-format';
import { useTranslation } from '../../i18n/translator';
import { formatWhole } from './dashboard-format';

/** The dashboard's assistant figures (GET /ai/usage); nothing while the assistant is off. */
export function DashboardAi() {
  const { t, i18n } = useTranslation();
  const usage = useQuery({ queryKey: AI_KEYS.usage, queryFn: ({ signal }) => getAiUsage(signal) });
  const u = usage.data;
  if (!u?.enabled) return null;
  const a = (key: string, values?: Record<string, unknown>) => t(`admin.dashboard.ai.${key}`, values);
  const used = formatWhole(u.tokens_this_month, i18n.language);
  const share = u.monthly_token_budget > 0 ? Math.min(100, Math.round((u.tokens_this_month / u.monthly_token_budget) * 100)) : 0;
  const figures = [
    ['questions_today', u.questions_today],
    ['conversations', u.conversations],
    ['helpful', u.helpful],
    ['unhelpful', u.unhelpful],
    ['reports', u.reports],
  ] as const;
  return (
    <section className="card mb-4" aria-labelledby="dashboard-ai-title" data-testid="dashboard-ai">
      <div className="card-body">
        <div className="d-flex justify-content-between align-items-center mb-2">
          <h2 id="dashboard-ai-title" className="h6 card-title mb-0">
            {a('title')}
          </h2>
          <Link to="/admin/ai-conversations" className="small">
            {a('open')}
          </Link>
        </div>
        <div className="small mb-1" id="dashboard-ai-tokens">
          {a('tokens')}:{' '}
          {u.monthly_token_budget > 0 ? a('tokens_of_budget', { used, budget: formatWhole(u.monthly_token_budget, i18n.language) }) : a('no_budget', { used })}
        </div>
        {u.monthly_token_budget > 0 && (
          <ProgressBar now={share} variant={share >= 90 ? 'danger' : share >= 70 ? 'warning' : 'primary'} aria-labelledby="dashboard-ai-tokens" className="mb-3" style={{ height: '0.5rem' }} />
        )}
        <dl className="row row-cols-2 row-cols-md-5 g-2 mb-0 small">
          {figures.map(([key, value]) => (
            <div key={key} className="col">
              <dt className="fw-normal text-secondary">{a(key)}</dt>
              <dd className={`fs-5 fw-semibold mb-0 ${key === 'reports' && value > 0 ? 'text-danger' : ''}`}>{formatCount(value)}</dd>
            </div>
          ))}
        </dl>
      </div>
    </section>
  );
}
