import { MessagePage } from './MessagePage';

export { AccountActivation } from './AccountActivation';
export { AccountRecovery } from './AccountRecovery';
export { AuthFailed as UserCenterAuthFailed } from './AuthFailed';
export { ActivationFailed } from './ActivationFailed';
export { AuthLanding } from './AuthLanding';
export { ChangeEmail } from './ChangeEmail';
export { ConfirmNewEmail } from './ConfirmNewEmail';
export { Login } from './Login';
export { Logout } from './Logout';
export { PasswordReset } from './PasswordReset';
export { SignUp } from './SignUp';
export { Suspended } from './Suspended';
export { Unsubscribe } from './Unsubscribe';
// The strings of external sign-in are not in the entry: they come with this chunk (i18n/connector-strings.ts).
export { addConnectorStrings as ready } from '../../i18n/connector-strings';

export { ConfirmEmail } from './ConfirmEmail';
export { UserCenterAuth } from './UserCenterAuth';

export const ActivationSuccess = () => (
  <MessagePage titleKey="account.activation_success_title" messageKey="account.activation_success" />
);
