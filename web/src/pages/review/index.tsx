import { ComingSoon } from '../../components/ComingSoon';

export const Review = () => <ComingSoon titleKey="review.title" />;
