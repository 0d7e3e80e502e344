import { useTranslation } from '../../../i18n/translator';
import { Link } from 'react-router';
import type { ListOrder } from './list-params';

/** The list's orders as links, the current one marked for assistive technology too. */
export function OrderTabs({ orders, current, hrefOf }: { orders: readonly ListOrder[]; current: ListOrder; hrefOf: (order: ListOrder) => string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('question.list.orders')}>
      <div className="btn-group btn-group-sm flex-wrap">
        {orders.map((o) => (
          <Link
            key={o}
            to={hrefOf(o)}
            className={`btn btn-outline-secondary ${o === current ? 'active' : ''}`}
            aria-current={o === current ? 'page' : undefined}
          >
            {t(`question.order.${o}`)}
          </Link>
        ))}
      </div>
    </nav>
  );
}
