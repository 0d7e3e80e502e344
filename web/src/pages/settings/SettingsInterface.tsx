import { COLOR_SCHEMES } from '@answer/contract';
import { useQuery } from '@tanstack/react-query';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { getLanguageOptions } from '../../api/common';
import { updateInterface } from '../../api/settings';
import { FormMessage } from '../../components/FormMessage';
import { useForm } from '../../hooks/useForm';
import { usePageTitle } from '../../hooks/usePageTitle';
import { useUnsavedChangesPrompt } from '../../hooks/useUnsavedChangesPrompt';
import { t as translateNow } from '../../i18n';
import { loadLanguage, pickLanguage } from '../../i18n/load-language';
import { showToast } from '../../state/notices';
import { useSiteInfo } from '../../state/site';
import { setUser, useUser } from '../../state/user';

const SITE_DEFAULT_LANGUAGE = 'Default';

/** /users/settings/interface: the user's language and colour scheme, applied as soon as they are saved. */
export function SettingsInterface() {
  const { t } = useTranslation();
  usePageTitle(t('settings.interface'));
  const user = useUser();
  const site = useSiteInfo();
  const languages = useQuery({ queryKey: ['language-options'], queryFn: getLanguageOptions, staleTime: Infinity });
  const form = useForm({ language: user?.language || SITE_DEFAULT_LANGUAGE, color_scheme: user?.color_scheme || 'default' });
  useUnsavedChangesPrompt(form.dirty);

  const submit = form.handleSubmit(async () => {
    await updateInterface(form.values);
    form.setDirty(false);
    if (user) setUser({ ...user, ...form.values }); // the colour scheme follows the stored user
    await loadLanguage(pickLanguage(form.values.language, site?.interface.language), site?.revision);
    // In the language just chosen: the hook's `t` stays with the one this render used.
    showToast(translateNow('settings.update_success'), 'success');
  });

  return (
    <Form noValidate onSubmit={submit} style={{ maxWidth: 560 }} data-testid="settings-interface">
      <Form.Group className="mb-3" controlId="field-language">
        <Form.Label>{t('settings.interface_page.language')}</Form.Label>
        <Form.Select value={form.values.language} onChange={(e) => form.change('language', e.target.value)} isInvalid={Boolean(form.errors.language)}>
          <option value={SITE_DEFAULT_LANGUAGE}>{t('settings.interface_page.site_default')}</option>
          {/* The API lists "Default" too, for the clients that expect it; it is the entry above. */}
          {languages.data?.filter((option) => option.value !== SITE_DEFAULT_LANGUAGE).map((option) => (
            <option key={option.value} value={option.value}>
              {option.label}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{form.errors.language}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="field-color_scheme">
        <Form.Label>{t('settings.interface_page.color_scheme')}</Form.Label>
        <Form.Select value={form.values.color_scheme} onChange={(e) => form.change('color_scheme', e.target.value)}>
          {COLOR_SCHEMES.map((scheme) => (
            <option key={scheme} value={scheme}>
              {t(`settings.interface_page.schemes.${scheme}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <FormMessage message={form.message} />
      <Button type="submit" disabled={form.busy}>
        {t('settings.save')}
      </Button>
    </Form>
  );
}
