import { NAVBAR_STYLES, SITE_COLOR_SCHEMES, THEMES } from '@answer/contract';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { SettingsPage } from './settings-fields';
import { type ThemeForm, themeForm } from './theme-form';
import { useSettingsForm } from './useSettingsForm';

const HEX = /^#[0-9a-fA-F]{6}$/;

/** A fake navbar and button in the chosen colour and style, before saving. */
function ThemePreview({ form }: { form: ThemeForm }) {
  const { t } = useTranslation();
  const color = HEX.test(form.primary_color) ? form.primary_color : undefined;
  const colored = form.navbar_style === 'colored';
  return (
    <div className="border rounded overflow-hidden mb-3" data-testid="theme-preview" aria-label={t('admin.themes.preview')} role="group">
      <div
        className={`d-flex align-items-center px-3 py-2 ${colored ? 'text-white' : 'bg-body-tertiary border-bottom'}`}
        style={colored ? { backgroundColor: color } : undefined}
        data-testid="theme-preview-navbar"
      >
        <strong className="me-auto">{t('admin.themes.preview_site')}</strong>
        <span className="small">{t('admin.themes.preview_link')}</span>
      </div>
      <div className="p-3">
        <button type="button" className="btn btn-sm text-white" style={{ backgroundColor: color, borderColor: color }} tabIndex={-1}>
          {t('admin.themes.preview_button')}
        </button>{' '}
        <a href="#preview" onClick={(e) => e.preventDefault()} style={{ color }} className="small ms-2" tabIndex={-1}>
          {t('admin.themes.preview_link')}
        </a>
      </div>
    </div>
  );
}

/** /admin/themes: theme, navbar style, primary colour and the site's colour scheme (group `theme`). */
export function Themes() {
  const { t } = useTranslation();
  const { form, set, errors, message, busy, submit, failed } = useSettingsForm('theme', themeForm);
  const page = { titleKey: 'admin.menu.themes', ready: !!form, failed, busy, message, onSubmit: submit, testId: 'themes-form' };
  if (!form) return <SettingsPage {...page} />;
  const colorError = errors.theme_config || errors.primary_color;

  return (
    <SettingsPage {...page}>
      <Form.Group className="mb-3" controlId="theme-theme">
        <Form.Label>{t('admin.themes.theme')}</Form.Label>
        <Form.Select value={form.theme} isInvalid={!!errors.theme} onChange={(e) => set('theme', e.target.value as ThemeForm['theme'])}>
          {THEMES.map((theme) => (
            <option key={theme} value={theme}>
              {t(`admin.themes.theme_${theme}`)}
            </option>
          ))}
        </Form.Select>
        <Form.Control.Feedback type="invalid">{errors.theme}</Form.Control.Feedback>
      </Form.Group>
      <Form.Group className="mb-3" controlId="theme-navbar-style">
        <Form.Label>{t('admin.themes.navbar_style')}</Form.Label>
        <Form.Select value={form.navbar_style} onChange={(e) => set('navbar_style', e.target.value as ThemeForm['navbar_style'])}>
          {NAVBAR_STYLES.map((style) => (
            <option key={style} value={style}>
              {t(`admin.themes.navbar_${style}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Form.Group className="mb-3" controlId="theme-primary-color">
        <Form.Label>{t('admin.themes.primary_color')}</Form.Label>
        <div className="d-flex gap-2" style={{ maxWidth: 260 }}>
          <Form.Control
            type="color"
            value={HEX.test(form.primary_color) ? form.primary_color : '#000000'}
            onChange={(e) => set('primary_color', e.target.value)}
            aria-label={t('admin.themes.primary_color_picker')}
            className="form-control-color flex-shrink-0"
          />
          <Form.Control
            value={form.primary_color}
            maxLength={7}
            isInvalid={!!colorError}
            aria-describedby="theme-primary-color-hint"
            onChange={(e) => set('primary_color', e.target.value.trim())}
            data-testid="theme-primary-hex"
          />
        </div>
        <Form.Text id="theme-primary-color-hint" className="text-secondary">
          {t('admin.themes.primary_color_hint')}
        </Form.Text>
        {colorError && <div className="invalid-feedback d-block">{colorError}</div>}
      </Form.Group>
      <Form.Group className="mb-3" controlId="theme-color-scheme">
        <Form.Label>{t('admin.themes.color_scheme')}</Form.Label>
        <Form.Select value={form.color_scheme} onChange={(e) => set('color_scheme', e.target.value as ThemeForm['color_scheme'])}>
          {SITE_COLOR_SCHEMES.map((scheme) => (
            <option key={scheme} value={scheme}>
              {t(`admin.themes.scheme_${scheme}`)}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <h2 className="h6">{t('admin.themes.preview')}</h2>
      <ThemePreview form={form} />
    </SettingsPage>
  );
}
