import { ComingSoon } from '../../components/ComingSoon';

export const UserCenterAuth = () => <ComingSoon titleKey="account.user_center_auth" />;
