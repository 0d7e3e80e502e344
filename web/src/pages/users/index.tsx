export { Profile } from './Profile';
export { UserList } from './UserList';
export { Notifications } from './notifications/Notifications';
