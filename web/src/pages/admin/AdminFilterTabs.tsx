import { Link } from 'react-router';

interface Props<F extends string> {
  /** The accessible name of the tab bar. */
  label: string;
  filters: readonly F[];
  current: F;
  /** Each tab is a link: the address holds the list's state. */
  hrefOf: (filter: F) => string;
  labelOf: (filter: F) => string;
  /** Let the tabs wrap onto a second line on narrow screens (lists with many tabs). */
  wrap?: boolean;
}

/** The status tabs over an admin list, as a group of links; the current one is marked as the page. */
export function AdminFilterTabs<F extends string>({ label, filters, current, hrefOf, labelOf, wrap = true }: Props<F>) {
  return (
    <nav aria-label={label}>
      <div className={wrap ? 'btn-group btn-group-sm flex-wrap' : 'btn-group btn-group-sm'}>
        {filters.map((filter) => (
          <Link
            key={filter}
            to={hrefOf(filter)}
            className={`btn btn-outline-secondary ${filter === current ? 'active' : ''}`}
            aria-current={filter === current ? 'page' : undefined}
          >
            {labelOf(filter)}
          </Link>
        ))}
      </div>
    </nav>
  );
}
