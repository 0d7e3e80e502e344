import { useTranslation } from '../i18n/translator';
import { Link } from 'react-router';

/** Page numbers to show: the first, the last, and two either side of the current page. */
export function pageWindow(current: number, total: number): (number | 'gap')[] {
  const pages: (number | 'gap')[] = [];
  for (let p = 1; p <= total; p++) {
    if (p === 1 || p === total || Math.abs(p - current) <= 2) pages.push(p);
    else if (pages[pages.length - 1] !== 'gap') pages.push('gap');
  }
  return pages;
}

/** Page links; `hrefOf(page)` builds each page's URL so the page number lives in the address. */
export function Pagination({ page, pageSize, count, hrefOf }: { page: number; pageSize: number; count: number; hrefOf: (page: number) => string }) {
  const { t } = useTranslation();
  const total = Math.ceil(count / pageSize);
  if (total <= 1) return null;
  const item = (p: number, label: string, disabled: boolean, rel?: string) => (
    <li key={label} className={`page-item ${disabled ? 'disabled' : ''}`}>
      {disabled ? (
        <span className="page-link">{label}</span>
      ) : (
        <Link className="page-link" to={hrefOf(p)} rel={rel}>
          {label}
        </Link>
      )}
    </li>
  );
  return (
    <nav aria-label={t('question.pagination')}>
      <ul className="pagination pagination-sm flex-wrap">
        {item(page - 1, t('question.prev'), page <= 1, 'prev')}
        {pageWindow(page, total).map((p, i) =>
          p === 'gap' ? (
            <li key={`gap-${i}`} className="page-item disabled">
              <span className="page-link">…</span>
            </li>
          ) : (
            <li key={p} className={`page-item ${p === page ? 'active' : ''}`} aria-current={p === page ? 'page' : undefined}>
              <Link className="page-link" to={hrefOf(p)}>
                {p}
              </Link>
            </li>
          ),
        )}
        {item(page + 1, t('question.next'), page >= total, 'next')}
      </ul>
    </nav>
  );
}
