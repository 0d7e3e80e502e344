import { type SiteUsers, type UserCenterProfileField, updateProfileSchema } from '@answer/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { type ProfileUpdate, updateProfile } from '../../api/settings';
import type { UserInfo } from '../../api/types';
import { useCaptcha } from '../../components/captcha/useCaptcha';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { useForm } from '../../hooks/useForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { showToast } from '../../state/notices';
import { useSiteInfo } from '../../state/site';
import { pullUser, useUser } from '../../state/user';
import { checkForm } from '../../utils/form-errors';
import { AvatarPicker } from './AvatarPicker';
import { type ProfileValues, profileUpdate, profileValues } from './profile-form';
import { lockOwnedFields, useUserCenterView } from './user-center-settings';

/**
 * /users/settings/profile: what others see of the user; fields the admin locked, and those the
 * user centre owns for this member (single sign-on: the name it holds), are shown read-only.
 */
export function SettingsProfile() {
  const { t } = useTranslation();
  usePageTitle(t('settings.profile'));
  const user = useUser();
  const siteUsers = useSiteInfo()?.site_users;
  const uc = useUserCenterView();
  // The form waits for the user centre's answer: what it owns must not look changeable first.
  if (!user || !siteUsers || uc.pending) return null;
  const owned = uc.settings?.read_only_fields ?? [];
  const profileLink = uc.settings?.profile_setting_agent.enabled ? uc.settings.profile_setting_agent.redirect_url : '';
  return (
    <>
      {profileLink && (
        <p data-testid="user-center-profile-link">
          <a href={profileLink}>{t('settings.user_center.change_profile', { name: uc.name })}</a>
        </p>
      )}
      <ProfileForm user={user} users={lockOwnedFields(siteUsers, owned)} owned={owned} provider={uc.name} />
    </>
  );
}

/** `users` already has the fields the user centre owns (`owned`) locked; their help says where they come from. */
function ProfileForm({ user, users, owned, provider }: { user: UserInfo; users: SiteUsers; owned: readonly UserCenterProfileField[]; provider: string }) {
  const { t } = useTranslation();
  const initial = profileValues(user, users);
  const form = useForm<ProfileValues>(initial);
  const captcha = useCaptcha('edit_userinfo');
  useUnsavedChangesPrompt(form.dirty);
  const lockedHelp = (field: UserCenterProfileField) =>
    owned.includes(field) ? t('settings.user_center.read_only', { name: provider }) : t('settings.profile_page.locked');
  const locked = (allowed: boolean, field: UserCenterProfileField) => (allowed ? {} : { disabled: true, help: lockedHelp(field) });

  const submit = form.handleSubmit(async () => {
    const body: ProfileUpdate = profileUpdate(form.values, initial, users);
    const checked = checkForm(updateProfileSchema, body, t);
    if ('errors' in checked) return form.setErrors(checked.errors);
    if (body.avatar?.type === 'custom' && !body.avatar.custom) return form.setErrors({ avatar: t('settings.profile_page.avatar_needs_upload') });
    const outcome = await captcha.run((c) => updateProfile({ ...body, ...c }));
    if (!outcome.ok) return;
    form.setDirty(false);
    showToast(t('settings.update_success'), 'success');
    // The header and everything else showing this user read the stored user.
    await pullUser(true);
  });

  return (
    <Form noValidate onSubmit={submit} style={{ maxWidth: 560 }} data-testid="settings-profile">
      <TextField {...form.field('display_name')} label={t('settings.profile_page.display_name')} maxLength={30} {...locked(users.allow_update_display_name, 'display_name')} />
      <TextField
        {...form.field('username')}
        label={t('settings.profile_page.username')}
        help={users.allow_update_username ? t('settings.profile_page.username_help') : lockedHelp('username')}
        disabled={!users.allow_update_username}
        maxLength={30}
        autoComplete="username"
      />
      <AvatarPicker
        type={form.values.avatar_type}
        custom={form.values.avatar_custom}
        gravatar={user.avatar.gravatar}
        name={form.values.display_name || user.username}
        seed={user.username}
        disabled={!users.allow_update_avatar}
        error={form.errors.avatar}
        onChange={(type, custom) => {
          form.change('avatar_type', type);
          form.change('avatar_custom', custom);
        }}
      />
      <Form.Group className="mb-3" controlId="field-bio">
        <Form.Label>{t('settings.profile_page.bio')}</Form.Label>
        <Form.Control
          as="textarea"
          rows={5}
          value={form.values.bio}
          onChange={(e) => form.change('bio', e.target.value)}
          isInvalid={Boolean(form.errors.bio)}
          disabled={!users.allow_update_bio}
          aria-describedby="field-bio-help"
        />
        <Form.Text id="field-bio-help" className="d-block">
          {users.allow_update_bio ? t('settings.profile_page.bio_help') : lockedHelp('bio')}
        </Form.Text>
        <Form.Control.Feedback type="invalid">{form.errors.bio}</Form.Control.Feedback>
      </Form.Group>
      <TextField {...form.field('website')} type="url" label={t('settings.profile_page.website')} placeholder="https://" {...locked(users.allow_update_website, 'website')} />
      <TextField {...form.field('location')} label={t('settings.profile_page.location')} maxLength={100} {...locked(users.allow_update_location, 'location')} />
      <FormMessage message={form.message} />
      <Button type="submit" disabled={form.busy}>
        {t('settings.save')}
      </Button>
      {captcha.dialog}
    </Form>
  );
}
