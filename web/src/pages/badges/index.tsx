export { BadgeDetail } from './BadgeDetail';
export { BadgeList } from './BadgeList';
// Its English strings are not in the entry (i18n/area-strings.ts).
export { loadAreaStrings as ready } from '../../i18n';
