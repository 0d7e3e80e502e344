import { ComingSoon } from '../../components/ComingSoon';

export const UserList = () => <ComingSoon titleKey="users.title" />;
export const Profile = () => <ComingSoon titleKey="users.profile" />;
export const Notifications = () => <ComingSoon titleKey="users.notifications" />;
