import { PERMALINK_STYLES } from '@answer/contract';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { questionPath } from '../../components/question-links';
import { useSiteInfo } from '../../state/site';
import { TextField } from '../../components/TextField';
import { SettingsPage } from './settings-fields';
import { useSettingsForm } from './useSettingsForm';

/** The first question's id, long and short (base 62 of type 1 and sequence 1, domain.md 1.8), for the examples. */
const EXAMPLE_ID = { long: '10010000000000001', short: 'D1D1' };

/** What a question's address looks like in `style`, on the site at `siteUrl`. */
export function permalinkExample(siteUrl: string, style: number): string {
  const id = style === 3 || style === 4 ? EXAMPLE_ID.short : EXAMPLE_ID.long;
  return siteUrl.replace(/\/+$/, '') + questionPath(style, { id, url_title: 'how-to-install' });
}

/** /admin/seo: the question address style and robots.txt. */
export function Seo() {
  const { t } = useTranslation();
  const s = useSettingsForm('seo');
  const siteUrl = useSiteInfo()?.general.site_url || window.location.origin;
  const form = s.form;
  return (
    <SettingsPage titleKey="admin.menu.seo" ready={!!form} failed={s.failed} busy={s.busy} message={s.message} onSubmit={s.submit} testId="settings-seo">
      {form && (
        <>
          <Form.Group className="mb-3">
            <Form.Label as="div">{t('admin.settings.seo.permalink')}</Form.Label>
            {PERMALINK_STYLES.map((style) => (
              <Form.Check
                key={style}
                type="radio"
                id={`field-permalink-${style}`}
                name="permalink"
                label={t(`admin.settings.seo.permalink_${style}`)}
                checked={Number(form.permalink) === style}
                onChange={() => s.set('permalink', style)}
              />
            ))}
            <Form.Text className="d-block" data-testid="permalink-example">
              {t('admin.settings.seo.permalink_example', { url: permalinkExample(siteUrl, Number(form.permalink)) })}
            </Form.Text>
            {s.errors.permalink && <div className="invalid-feedback d-block">{s.errors.permalink}</div>}
          </Form.Group>
          <TextField
            name="robots"
            rows={8}
            className="font-monospace"
            label={t('admin.settings.seo.robots')}
            help={t('admin.settings.seo.robots_hint')}
            value={form.robots}
            onChange={(value) => s.set('robots', value)}
            error={s.errors.robots}
          />
        </>
      )}
    </SettingsPage>
  );
}
