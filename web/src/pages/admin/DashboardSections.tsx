import type { DashboardInfo } from '@answer/contract';
import { Fragment, type ReactNode } from 'react';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import { useSiteInfo } from '../../state/site';
import { formatBytes, formatUptime } from './dashboard-format';

/** A titled card of label/value rows. */
function InfoCard({ title, rows, testId }: { title: string; rows: [string, ReactNode][]; testId: string }) {
  return (
    <section className="card h-100" data-testid={testId}>
      <div className="card-body">
        <h2 className="h6 card-title">{title}</h2>
        <dl className="row small mb-0">
          {rows.map(([label, value]) => (
            <Fragment key={label}>
              <dt className="col-6 fw-normal text-secondary">{label}</dt>
              <dd className="col-6 mb-1 text-break">{value}</dd>
            </Fragment>
          ))}
        </dl>
      </div>
    </section>
  );
}

const DATABASES: Record<DashboardInfo['database_type'], string> = { sqlite: 'SQLite', postgres: 'PostgreSQL', mysql: 'MySQL / MariaDB' };

/** "PostgreSQL 16.2 …": PostgreSQL's version() already names itself, the others give a number only. */
function databaseLabel({ database_type, database_version }: DashboardInfo): string {
  const name = DATABASES[database_type] ?? database_type;
  return database_version.toLowerCase().startsWith(database_type) ? database_version : `${name} ${database_version}`.trim();
}

/** Versions, database, storage and the process: what an operator checks first. */
export function SystemInfo({ info }: { info: DashboardInfo }) {
  const { t } = useTranslation();
  const yesNo = (v: boolean) => (v ? t('admin.dashboard.yes') : t('admin.dashboard.no'));
  const op = info.operator;
  return (
    <InfoCard
      title={t('admin.dashboard.system')}
      testId="dashboard-system"
      rows={[
        [t('admin.dashboard.version'), info.version_info.version + (info.version_info.revision ? ` (${info.version_info.revision.slice(0, 7)})` : '')],
        [t('admin.dashboard.node_version'), op?.node_version || info.go_version],
        [t('admin.dashboard.database'), databaseLabel(info)],
        [t('admin.dashboard.database_size'), op ? formatBytes(op.database_bytes) : info.database_size],
        [t('admin.dashboard.storage'), op ? formatBytes(op.storage_bytes) : info.occupying_storage_space],
        [t('admin.dashboard.time_zone'), info.time_zone],
        [t('admin.dashboard.https'), yesNo(info.https)],
        [t('admin.dashboard.private_mode'), yesNo(info.login_required)],
        [t('admin.dashboard.start_time'), op ? new Date(op.started_at * 1000).toLocaleString() : '—'],
        [t('admin.dashboard.uptime'), op ? formatUptime(op.uptime_seconds) : '—'],
        [t('admin.dashboard.memory'), op ? t('admin.dashboard.memory_value', { rss: formatBytes(op.memory_rss), heap: formatBytes(op.heap_used) }) : '—'],
      ]}
    />
  );
}

/** Mail, the outbox and Redis: things that fail quietly. */
export function HealthInfo({ info }: { info: DashboardInfo }) {
  const { t } = useTranslation();
  const op = info.operator;
  const smtp =
    info.smtp === 'enabled' ? (
      <span className="text-success">{t('admin.dashboard.smtp_enabled')}</span>
    ) : (
      <Link to="/admin/smtp" className="link-danger">
        {t('admin.dashboard.smtp_not_configured')}
      </Link>
    );
  // The sign-up page and the footer link only published documents: an owner should know they are missing.
  const legal = useSiteInfo()?.site_legal;
  const legalState =
    legal?.tos && legal.privacy ? (
      <span className="text-success">{t('admin.dashboard.legal_published')}</span>
    ) : (
      <Link to="/admin/legal" className="text-warning-emphasis" data-testid="dashboard-legal-missing">
        {t('admin.dashboard.legal_missing')}
      </Link>
    );
  const rows: [string, ReactNode][] = [
    [t('admin.dashboard.smtp'), smtp],
    [t('admin.dashboard.legal'), legalState],
  ];
  if (op) {
    rows.push(
      [t('admin.dashboard.outbox_pending'), op.outbox_pending],
      [t('admin.dashboard.outbox_failed'), <span className={op.outbox_failed ? 'text-danger' : undefined}>{op.outbox_failed}</span>],
    );
    if (op.outbox_last_error) rows.push([t('admin.dashboard.outbox_last_error'), <code className="small">{op.outbox_last_error}</code>]);
    rows.push([t('admin.dashboard.redis'), op.redis ? t('admin.dashboard.yes') : t('admin.dashboard.no')]);
  }
  return <InfoCard title={t('admin.dashboard.health')} testId="dashboard-health" rows={rows} />;
}

const LINKS = [
  ['/admin/general', 'admin.menu.general'],
  ['/admin/smtp', 'admin.menu.smtp'],
  ['/admin/branding', 'admin.menu.branding'],
  ['/admin/themes', 'admin.menu.themes'],
  ['/admin/users', 'admin.menu.users'],
  ['/review', 'admin.dashboard.review'],
] as const;

/** Where the common tasks start; the project's documentation is not hosted, so only pages of this site. */
export function QuickLinks() {
  const { t } = useTranslation();
  return (
    <section className="card h-100" data-testid="dashboard-links">
      <div className="card-body">
        <h2 className="h6 card-title">{t('admin.dashboard.links')}</h2>
        <ul className="list-unstyled small mb-0">
          {LINKS.map(([to, key]) => (
            <li key={to} className="mb-1">
              <Link to={to}>{t(key)}</Link>
            </li>
          ))}
        </ul>
      </div>
    </section>
  );
}
