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
export { AdminLegal } from './AdminLegal';
export { AdminLogin } from './AdminLogin';
export { General } from './General';
export { Interface } from './Interface';
export { Privileges } from './Privileges';
export { QuestionSettings } from './QuestionSettings';
export { Security } from './Security';
export { Seo } from './Seo';
export { SettingsUsers } from './SettingsUsers';
export { Smtp } from './Smtp';
export { Write } from './Write';

export const Dashboard = () => <ComingSoon titleKey="admin.menu.dashboard" />;
export const Themes = () => <ComingSoon titleKey="admin.menu.themes" />;
export const CssHtml = () => <ComingSoon titleKey="admin.menu.css_html" />;
export const Branding = () => <ComingSoon titleKey="admin.menu.branding" />;
