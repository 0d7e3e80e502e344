import { useTranslation } from '../../i18n/translator';
import { NavLink } from 'react-router';
import { PageOutlet } from '../../app/layouts/PageOutlet';
import { ADMIN_MENU } from './menu';

/** The admin console: its menu on the left, the chosen screen on the right. */
export function AdminLayout() {
  const { t } = useTranslation();
  return (
    <div className="container-xxl">
      <div className="row">
        <div className="col-lg-2 border-end pt-3">
          <nav aria-label={t('admin.navigation')} className="nav nav-pills flex-column small">
            {ADMIN_MENU.map((item) =>
              item.path ? (
                <NavLink key={item.key} to={item.path} end className="nav-link">
                  {t(`admin.menu.${item.key}`)}
                </NavLink>
              ) : (
                <div key={item.key} className="mt-2">
                  <div className="px-3 text-body-secondary text-uppercase fw-semibold" style={{ fontSize: '0.75rem' }}>
                    {t(`admin.menu.${item.key}`)}
                  </div>
                  {item.children?.map((child) => (
                    <NavLink key={child.key} to={child.path} className="nav-link ps-4">
                      {t(`admin.menu.${child.key}`)}
                    </NavLink>
                  ))}
                </div>
              ),
            )}
          </nav>
        </div>
        <div className="col-lg-10 py-4">
          <PageOutlet />
        </div>
      </div>
    </div>
  );
}
