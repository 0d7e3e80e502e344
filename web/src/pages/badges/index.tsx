export { BadgeDetail } from './BadgeDetail';
export { BadgeList } from './BadgeList';
