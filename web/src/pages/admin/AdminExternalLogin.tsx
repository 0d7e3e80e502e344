import { EXTERNAL_SIGN_UP, type SiteExternalLogin } from '@answer/contract';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { FormMessage } from '../../components/FormMessage';
import { TextField } from '../../components/TextField';
import { useTranslation } from '../../i18n/translator';
import { useSettingsForm } from './useSettingsForm';

type Mapping = SiteExternalLogin['role_mapping'][number];
type ExternalForm = Omit<SiteExternalLogin, 'allowed_domains'> & { allowed_domains: string };

/** The domains are edited one per line, as the login page's allowed domains are; blank lines are dropped. */
export const externalLoginConvert = {
  toForm: (values: SiteExternalLogin): ExternalForm => ({ ...values, allowed_domains: values.allowed_domains.join('\n') }),
  fromForm: (form: ExternalForm) => ({
    ...form,
    allowed_domains: form.allowed_domains
      .split('\n')
      .map((line) => line.trim())
      .filter(Boolean),
    // An empty row the admin added and left is not a rule.
    role_mapping: form.role_mapping.filter((m) => m.group.trim()),
  }),
};

/**
 * Admin → Login, below the site's own login switches: the policy for people who sign in through
 * connectors (who may get a new account, their role, and provider groups that make staff).
 */
export function AdminExternalLogin() {
  const { t } = useTranslation();
  const s = useSettingsForm('external-login', externalLoginConvert);
  const form = s.form;
  if (!form) return null;
  const setMapping = (index: number, change: Partial<Mapping>) =>
    s.set(
      'role_mapping',
      form.role_mapping.map((m, i) => (i === index ? { ...m, ...change } : m)),
    );
  const mappingError = Object.entries(s.errors).find(([key, value]) => key.startsWith('role_mapping') && value)?.[1];
  return (
    <Form onSubmit={s.submit} noValidate data-testid="settings-external-login" style={{ maxWidth: 640 }} className="mt-5">
      <h2 className="h5">{t('admin.settings.external_login.title')}</h2>
      <p className="text-secondary">{t('admin.settings.external_login.intro')}</p>
      <Form.Group className="mb-3" controlId="field-sign_up">
        <Form.Label>{t('admin.settings.external_login.sign_up')}</Form.Label>
        <Form.Select value={form.sign_up} isInvalid={!!s.errors.sign_up} onChange={(e) => s.set('sign_up', e.target.value as ExternalForm['sign_up'])}>
          {EXTERNAL_SIGN_UP.map((option) => (
            <option key={option} value={option}>
              {t(`admin.settings.external_login.sign_up_${option}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      {form.sign_up === 'allowed_domains' && (
        <TextField
          name="allowed_domains"
          rows={3}
          label={t('admin.settings.external_login.allowed_domains')}
          help={t('admin.settings.login.allow_email_domains_hint')}
          value={form.allowed_domains}
          onChange={(value) => s.set('allowed_domains', value)}
          error={s.errors.allowed_domains}
        />
      )}
      <Form.Group className="mb-3" controlId="field-new_user_role">
        <Form.Label>{t('admin.settings.external_login.new_user_role')}</Form.Label>
        <Form.Select value={form.new_user_role} onChange={(e) => s.set('new_user_role', e.target.value as ExternalForm['new_user_role'])}>
          <option value="user">{t('admin.settings.external_login.role_user')}</option>
          <option value="moderator">{t('admin.settings.external_login.role_moderator')}</option>
        </Form.Select>
      </Form.Group>
      <fieldset className="mb-3" data-testid="role-mapping">
        <legend className="form-label fs-6">{t('admin.settings.external_login.role_mapping')}</legend>
        <Form.Text className="d-block mb-2">{t('admin.settings.external_login.role_mapping_hint')}</Form.Text>
        {form.role_mapping.map((mapping, index) => (
          <div key={index} className="d-flex gap-2 mb-2">
            <Form.Control
              aria-label={t('admin.settings.external_login.group')}
              placeholder={t('admin.settings.external_login.group')}
              value={mapping.group}
              maxLength={200}
              onChange={(e) => setMapping(index, { group: e.target.value })}
            />
            <Form.Select aria-label={t('admin.settings.external_login.role')} style={{ maxWidth: 180 }} value={mapping.role} onChange={(e) => setMapping(index, { role: e.target.value as Mapping['role'] })}>
              <option value="moderator">{t('admin.settings.external_login.role_moderator')}</option>
              <option value="admin">{t('admin.settings.external_login.role_admin')}</option>
            </Form.Select>
            <Button variant="outline-danger" onClick={() => s.set('role_mapping', form.role_mapping.filter((_, i) => i !== index))}>
              {t('admin.settings.external_login.remove')}
            </Button>
          </div>
        ))}
        {mappingError && <div className="invalid-feedback d-block">{mappingError}</div>}
        <Button variant="outline-secondary" size="sm" onClick={() => s.set('role_mapping', [...form.role_mapping, { group: '', role: 'moderator' }])}>
          {t('admin.settings.external_login.add_mapping')}
        </Button>
      </fieldset>
      <FormMessage message={s.message} />
      <Button type="submit" disabled={s.busy}>
        {t('admin.settings.save')}
      </Button>
    </Form>
  );
}
