export { Profile } from './Profile';
export { UserList } from './UserList';
// Its English strings are not in the entry: they come with this chunk (i18n/users-strings.ts).
export { addUsersStrings as ready } from '../../i18n/users-strings';
