import { Suspense, lazy } from 'react';
import { HtmlBlock } from '../../components/HtmlBlock';
import { SideNav } from '../../components/SideNav';
import { usePluginParts } from '../../plugins/parts';
import { useSiteInfo } from '../../state/site';
import { PageOutlet } from './PageOutlet';

// Only a site with sidebar plugins needs it, once they are set up.
const PluginSidebar = lazy(() => import('../../plugins/plugin-views').then((m) => ({ default: m.PluginSidebar })));

/** Side navigation, the page, and the right-hand sidebar: the admin's custom HTML and the plugins' boxes. */
export function MainLayout() {
  const sidebar = useSiteInfo()?.custom_css_html.custom_sidebar;
  const { widgets } = usePluginParts();
  const aside = Boolean(sidebar) || widgets.length > 0;
  return (
    <div className="container-xxl">
      <div className="row">
        <div className="col-lg-2 d-none d-lg-block border-end">
          <SideNav />
        </div>
        <div className={`py-4 ${aside ? 'col-lg-7' : 'col-lg-10'}`}>
          <PageOutlet />
        </div>
        {aside && (
          <aside className="col-lg-3 py-4">
            <HtmlBlock html={sidebar} className={widgets.length ? 'mb-4' : undefined} />
            {widgets.length > 0 && (
              <Suspense fallback={null}>
                <PluginSidebar widgets={widgets} />
              </Suspense>
            )}
          </aside>
        )}
      </div>
    </div>
  );
}
