import { ComingSoon } from '../../components/ComingSoon';

export const ConfirmEmail = () => <ComingSoon titleKey="account.confirm_email" />;
