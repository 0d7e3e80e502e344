import { ComingSoon } from '../../components/ComingSoon';

export const BadgeList = () => <ComingSoon titleKey="badges.title" />;
export const BadgeDetail = () => <ComingSoon titleKey="badges.detail" />;
