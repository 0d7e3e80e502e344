import { ComingSoon } from '../../components/ComingSoon';

export { AdminBadges } from './AdminBadges';
export { AdminAnswers } from './AdminAnswers';
export { AdminLayout } from './AdminLayout';
export { AdminQuestions } from './AdminQuestions';
export { AdminModerationLog } from './AdminModerationLog';
export { AdminUserDetail } from './AdminUserDetail';
export { AdminUsers } from './AdminUsers';
export { InstalledPlugins } from './InstalledPlugins';
export { PluginConfig } from './PluginConfig';
export { ReviewRules } from './ReviewRules';

export const Dashboard = () => <ComingSoon titleKey="admin.menu.dashboard" />;
export const Themes = () => <ComingSoon titleKey="admin.menu.themes" />;
export const CssHtml = () => <ComingSoon titleKey="admin.menu.css_html" />;
export const General = () => <ComingSoon titleKey="admin.menu.general" />;
export const Interface = () => <ComingSoon titleKey="admin.menu.interface" />;
export const Branding = () => <ComingSoon titleKey="admin.menu.branding" />;
export const Smtp = () => <ComingSoon titleKey="admin.menu.smtp" />;
export const AdminLegal = () => <ComingSoon titleKey="admin.menu.legal" />;
export const Write = () => <ComingSoon titleKey="admin.menu.write" />;
export const Seo = () => <ComingSoon titleKey="admin.menu.seo" />;
export const AdminLogin = () => <ComingSoon titleKey="admin.menu.login" />;
export const SettingsUsers = () => <ComingSoon titleKey="admin.menu.settings_users" />;
export const Privileges = () => <ComingSoon titleKey="admin.menu.privileges" />;
