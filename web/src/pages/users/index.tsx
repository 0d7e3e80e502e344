import { ComingSoon } from '../../components/ComingSoon';

export { Profile } from './Profile';
export { UserList } from './UserList';
export const Notifications = () => <ComingSoon titleKey="users.notifications" />;
