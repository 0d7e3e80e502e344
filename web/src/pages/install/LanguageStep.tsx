import { useQuery } from '@tanstack/react-query';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { getInstallLanguageOptions } from '../../api/install';

/** Step 1: the language of the wizard and of the new site. */
export function LanguageStep({ initial, onNext }: { initial: string; onNext: (lang: string) => Promise<void> }) {
  const { t } = useTranslation();
  const [lang, setLang] = useState(initial);
  const [busy, setBusy] = useState(false);
  const options = useQuery({ queryKey: ['install', 'languages'], queryFn: getInstallLanguageOptions });

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setBusy(true);
    try {
      await onNext(lang);
    } finally {
      setBusy(false);
    }
  };

  return (
    <Form onSubmit={submit} data-testid="install-step-1">
      <h2 className="h5 mb-3">{t('install.language.title')}</h2>
      <Form.Group className="mb-3" controlId="install-lang">
        <Form.Label>{t('install.language.label')}</Form.Label>
        <Form.Select name="lang" value={lang} onChange={(e) => setLang(e.target.value)}>
          {(options.data?.length ? options.data : [{ label: lang, value: lang }]).map((o) => (
            <option key={o.value} value={o.value}>
              {o.label}
            </option>
          ))}
        </Form.Select>
      </Form.Group>
      <Button type="submit" disabled={busy}>
        {t('install.next')}
      </Button>
    </Form>
  );
}
