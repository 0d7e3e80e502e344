import { DEFAULT_AVATARS } from '@answer/contract';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { TextField } from '../../components/TextField';
import { SettingsPage, SettingsSwitch } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

const PROFILE_FIELDS = [
  'allow_update_display_name',
  'allow_update_username',
  'allow_update_avatar',
  'allow_update_bio',
  'allow_update_website',
  'allow_update_location',
] as const;

/** /admin/settings-users: the default avatar and which profile fields people may change. */
export function SettingsUsers() {
  const { t } = useTranslation();
  const s = useSettingsForm('users');
  const form = s.form;
  return (
    <SettingsPage titleKey="admin.menu.settings_users" ready={!!form} failed={s.failed} busy={s.busy} message={s.message} onSubmit={s.submit} testId="settings-users">
      {form && (
        <>
          <Form.Group className="mb-3">
            <Form.Label as="div">{t('admin.settings.users.default_avatar')}</Form.Label>
            {DEFAULT_AVATARS.map((avatar) => (
              <Form.Check
                key={avatar}
                type="radio"
                id={`field-default_avatar-${avatar}`}
                name="default_avatar"
                label={t(`admin.settings.users.avatar_${avatar}`)}
                checked={form.default_avatar === avatar}
                onChange={() => s.set('default_avatar', avatar)}
              />
            ))}
            {s.errors.default_avatar && <div className="invalid-feedback d-block">{s.errors.default_avatar}</div>}
          </Form.Group>
          {form.default_avatar === 'gravatar' && (
            <TextField
              name="gravatar_base_url"
              type="url"
              label={t('admin.settings.users.gravatar_base_url')}
              help={t('admin.settings.users.gravatar_base_url_hint')}
              value={form.gravatar_base_url}
              onChange={(value) => s.set('gravatar_base_url', value)}
              error={s.errors.gravatar_base_url}
            />
          )}
          <Form.Label as="div">{t('admin.settings.users.profile_fields')}</Form.Label>
          {PROFILE_FIELDS.map((name) => (
            <SettingsSwitch
              key={name}
              name={name}
              label={t(`admin.settings.users.${name}`)}
              checked={form[name]}
              onChange={(on) => s.set(name, on)}
              error={s.errors[name]}
            />
          ))}
        </>
      )}
    </SettingsPage>
  );
}
