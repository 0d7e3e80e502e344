import { useState } from 'react';
import Offcanvas from 'react-bootstrap/Offcanvas';
import { useTranslation } from '../../i18n/translator';
import { NavLink } from 'react-router';
import { PageOutlet } from '../../app/layouts/PageOutlet';
import { SvgIcon } from '../../components/icons/svg-icon';
import { ADMIN_MENU } from './menu';
import { MENU_BUTTON_ICON, MENU_ICONS } from './menu-icons';
import './admin-layout.css';

/** The console's links, grouped as menu.ts lists them; `onNavigate` closes the drawer they sit in. */
function AdminMenu({ onNavigate }: { onNavigate: () => void }) {
  const { t } = useTranslation();
  const icon = (key: string) => MENU_ICONS[key] && <SvgIcon shapes={MENU_ICONS[key]} className="me-2" />;
  return (
    <nav aria-label={t('admin.navigation')} className="nav nav-pills flex-column small flex-grow-1">
      {ADMIN_MENU.map((item) =>
        item.path ? (
          <NavLink key={item.key} to={item.path} end className="nav-link" onClick={onNavigate}>
            {icon(item.key)}
            {t(`admin.menu.${item.key}`)}
          </NavLink>
        ) : (
          <div key={item.key} className="mt-2">
            <div className="px-3 py-1 text-body-secondary text-uppercase fw-semibold" style={{ fontSize: '0.75rem' }}>
              {icon(item.key)}
              {t(`admin.menu.${item.key}`)}
            </div>
            {item.children?.map((child) => (
              <NavLink key={child.key} to={child.path} className="nav-link ps-4" onClick={onNavigate}>
                {t(`admin.menu.${child.key}`)}
              </NavLink>
            ))}
          </div>
        ),
      )}
    </nav>
  );
}

/**
 * The admin console: its menu on the left, the chosen screen on the right. Below the lg breakpoint
 * the menu is a drawer behind a button, so a phone shows the screen's content first.
 */
export function AdminLayout() {
  const { t } = useTranslation();
  const [open, setOpen] = useState(false);
  const close = () => setOpen(false);
  return (
    <div className="container-xxl admin-console">
      <div className="d-lg-none pt-3">
        <button
          type="button"
          className="btn btn-outline-secondary btn-sm d-inline-flex align-items-center gap-2"
          aria-controls="admin-menu"
          aria-expanded={open}
          onClick={() => setOpen(true)}
          data-testid="admin-menu-toggle"
        >
          <SvgIcon shapes={MENU_BUTTON_ICON} />
          {t('admin.menu_button')}
        </button>
      </div>
      <div className="row">
        <div className="col-lg-2 border-end pt-lg-3">
          <Offcanvas id="admin-menu" show={open} onHide={close} responsive="lg" placement="start" aria-labelledby="admin-menu-title">
            <Offcanvas.Header closeButton closeLabel={t('common.close')}>
              <Offcanvas.Title id="admin-menu-title" as="h2" className="h5">
                {t('admin.navigation')}
              </Offcanvas.Title>
            </Offcanvas.Header>
            <Offcanvas.Body>
              <AdminMenu onNavigate={close} />
            </Offcanvas.Body>
          </Offcanvas>
        </div>
        <div className="col-lg-10 py-4">
          <PageOutlet />
        </div>
      </div>
    </div>
  );
}
