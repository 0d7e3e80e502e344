import { ComingSoon } from '../../components/ComingSoon';
import { MessagePage } from './MessagePage';

export { AuthLanding } from './AuthLanding';
export { Login } from './Login';
export { Logout } from './Logout';

export const SignUp = () => <ComingSoon titleKey="account.signup" />;
export const AccountRecovery = () => <ComingSoon titleKey="account.recovery" />;
export const ChangeEmail = () => <ComingSoon titleKey="account.change_email" />;
export const PasswordReset = () => <ComingSoon titleKey="account.password_reset" />;
export const AccountActivation = () => <ComingSoon titleKey="account.activation" />;
export const ConfirmNewEmail = () => <ComingSoon titleKey="account.confirm_new_email" />;
export const ConfirmEmail = () => <ComingSoon titleKey="account.confirm_email" />;
export const UserCenterAuth = () => <ComingSoon titleKey="account.user_center_auth" />;
export const Unsubscribe = () => <ComingSoon titleKey="account.unsubscribe" />;

export const ActivationSuccess = () => (
  <MessagePage titleKey="account.activation_success_title" messageKey="account.activation_success" />
);
export const ActivationFailed = () => (
  <MessagePage titleKey="account.activation_failed_title" messageKey="account.activation_failed" />
);
export const Suspended = () => <MessagePage titleKey="account.suspended_title" messageKey="account.suspended" />;
export const UserCenterAuthFailed = () => (
  <MessagePage titleKey="account.user_center_failed_title" messageKey="account.user_center_failed" />
);
