import { PageOutlet } from './PageOutlet';

/** Account pages, legal pages: the page alone, without side navigation. */
export function OutsideLayout() {
  return (
    <div className="container-xxl py-4">
      <PageOutlet />
    </div>
  );
}
