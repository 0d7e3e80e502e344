import type { DashboardInfo } from '@answer/contract';
import { useTranslation } from '../../i18n/translator';

type Day = DashboardInfo['daily'][number];
type Series = 'question_count' | 'answer_count' | 'user_count';

// Bootstrap's own colours, so the chart follows the light and dark schemes.
const SERIES: { key: Series; color: string }[] = [
  { key: 'question_count', color: 'var(--bs-primary)' },
  { key: 'answer_count', color: 'var(--bs-success)' },
  { key: 'user_count', color: 'var(--bs-warning)' },
];
const WIDTH = 600;
const HEIGHT = 160;
const PAD = 24;

/**
 * New questions, answers and users per day as three lines, drawn by hand in SVG: a chart library
 * would be most of the dashboard's bundle. Screen readers get the totals as the image's description.
 */
export function DailyChart({ daily }: { daily: Day[] }) {
  const { t } = useTranslation();
  if (daily.length === 0) return <p className="text-secondary small mb-0">{t('admin.dashboard.chart_empty')}</p>;
  const max = Math.max(1, ...daily.flatMap((d) => SERIES.map((s) => d[s.key])));
  const x = (i: number) => PAD + (daily.length === 1 ? 0 : (i * (WIDTH - 2 * PAD)) / (daily.length - 1));
  const y = (v: number) => HEIGHT - PAD - (v * (HEIGHT - 2 * PAD)) / max;
  const total = (key: Series) => daily.reduce((sum, d) => sum + d[key], 0);
  const summary = t('admin.dashboard.chart_summary', {
    days: daily.length,
    questions: total('question_count'),
    answers: total('answer_count'),
    users: total('user_count'),
  });

  return (
    <figure className="mb-0" data-testid="dashboard-chart">
      <svg viewBox={`0 0 ${WIDTH} ${HEIGHT}`} className="w-100" role="img" aria-labelledby="daily-chart-title daily-chart-desc">
        <title id="daily-chart-title">{t('admin.dashboard.chart_title')}</title>
        <desc id="daily-chart-desc">{summary}</desc>
        <line x1={PAD} x2={WIDTH - PAD} y1={HEIGHT - PAD} y2={HEIGHT - PAD} stroke="var(--bs-border-color)" />
        <line x1={PAD} x2={WIDTH - PAD} y1={PAD} y2={PAD} stroke="var(--bs-border-color)" strokeDasharray="4 4" />
        <text x={PAD} y={PAD - 8} fontSize="10" fill="var(--bs-secondary-color)">
          {max}
        </text>
        <text x={PAD} y={HEIGHT - 6} fontSize="10" fill="var(--bs-secondary-color)">
          {daily[0]!.date}
        </text>
        <text x={WIDTH - PAD} y={HEIGHT - 6} fontSize="10" textAnchor="end" fill="var(--bs-secondary-color)">
          {daily[daily.length - 1]!.date}
        </text>
        {SERIES.map((s) => (
          <polyline
            key={s.key}
            data-series={s.key}
            fill="none"
            stroke={s.color}
            strokeWidth="2"
            points={daily.map((d, i) => `${x(i)},${y(d[s.key])}`).join(' ')}
          />
        ))}
      </svg>
      <figcaption className="d-flex gap-3 small">
        {SERIES.map((s) => (
          <span key={s.key} className="d-inline-flex align-items-center gap-1">
            <span aria-hidden="true" style={{ display: 'inline-block', width: 12, height: 3, background: s.color }} />
            {t(`admin.dashboard.series.${s.key}`)} ({total(s.key)})
          </span>
        ))}
      </figcaption>
    </figure>
  );
}
