import { ComingSoon } from '../../components/ComingSoon';

export const Timeline = () => <ComingSoon titleKey="timeline.title" />;
