import { HtmlBlock } from '../../components/HtmlBlock';
import { SideNav } from '../../components/SideNav';
import { useSiteInfo } from '../../state/site';
import { PageOutlet } from './PageOutlet';

/** Side navigation, the page, and the admin's custom sidebar when there is one. */
export function MainLayout() {
  const sidebar = useSiteInfo()?.custom_css_html.custom_sidebar;
  return (
    <div className="container-xxl">
      <div className="row">
        <div className="col-lg-2 d-none d-lg-block border-end">
          <SideNav />
        </div>
        <div className={`py-4 ${sidebar ? 'col-lg-7' : 'col-lg-10'}`}>
          <PageOutlet />
        </div>
        {sidebar && (
          <aside className="col-lg-3 py-4">
            <HtmlBlock html={sidebar} />
          </aside>
        )}
      </div>
    </div>
  );
}
