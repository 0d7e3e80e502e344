import type { DashboardInfo } from '@answer/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { getDashboard } from '../../api/admin-settings';
import { PageLoading } from '../../components/PageLoading';
import { formatCount } from '../../components/count-format';
import { usePageTitle } from '../../hooks/usePageTitle';
import { DailyChart } from './DailyChart';
import { DashboardAi } from './DashboardAi';
import { HealthInfo, QuickLinks, SystemInfo } from './DashboardSections';

const COUNTS = ['question_count', 'answer_count', 'comment_count', 'vote_count', 'user_count'] as const;

/** One figure; the pending-review one links to the review page. */
function CountCard({ label, value, to }: { label: string; value: number; to?: string }) {
  const figure = <span className="fs-3 fw-semibold d-block">{formatCount(value)}</span>;
  return (
    <div className="col-6 col-md-4 col-xl-2">
      <div className="card h-100 text-center" data-testid="dashboard-count">
        <div className="card-body py-3">
          {to ? <Link to={to} className="text-decoration-none">{figure}</Link> : figure}
          <span className="small text-secondary">{label}</span>
        </div>
      </div>
    </div>
  );
}

/** /admin and /admin/dashboard: the site's figures, activity of the last 30 days, system and health. */
export function Dashboard() {
  const { t } = useTranslation();
  usePageTitle(t('admin.menu.dashboard'));
  const dashboard = useQuery({ queryKey: ['admin', 'dashboard'], queryFn: ({ signal }) => getDashboard(signal) });

  if (dashboard.isError) {
    return (
      <div className="alert alert-danger d-flex align-items-center justify-content-between" data-testid="dashboard-error">
        <span>{t('admin.dashboard.load_failed')}</span>
        <Button size="sm" variant="outline-danger" onClick={() => dashboard.refetch()}>
          {t('admin.dashboard.retry')}
        </Button>
      </div>
    );
  }
  const info: DashboardInfo | undefined = dashboard.data?.info;
  if (!info) return <PageLoading />;

  return (
    <>
      <h1 className="h3 mb-4">{t('admin.menu.dashboard')}</h1>
      <div className="row g-3 mb-4">
        {COUNTS.map((key) => (
          <CountCard key={key} label={t(`admin.dashboard.${key}`)} value={info[key]} />
        ))}
        <CountCard label={t('admin.dashboard.report_count')} value={info.report_count} to="/review" />
      </div>
      <section className="card mb-4">
        <div className="card-body">
          <h2 className="h6 card-title">{t('admin.dashboard.chart_title')}</h2>
          <DailyChart daily={info.daily ?? []} />
        </div>
      </section>
      <DashboardAi />
      <div className="row g-3">
        <div className="col-lg-5">
          <SystemInfo info={info} />
        </div>
        <div className="col-lg-4">
          <HealthInfo info={info} />
        </div>
        <div className="col-lg-3">
          <QuickLinks />
        </div>
      </div>
    </>
  );
}
