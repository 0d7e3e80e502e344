import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '../../i18n/translator';
import { TextField } from '../TextField';
import { FormDialog } from '../FormDialog';

interface CaptchaDialogProps {
  /** The picture as a data: URL; a new one clears what was typed. */
  image: string;
  /** Why the last code was refused, from the server. */
  error: string;
  busy: boolean;
  onAnswer: (code: string) => void;
  onRefresh: () => void;
  onCancel: () => void;
}

/** Asks for the characters in the captcha picture before a form is sent. */
export function CaptchaDialog({ image, error, busy, onAnswer, onRefresh, onCancel }: CaptchaDialogProps) {
  const { t } = useTranslation();
  const [code, setCode] = useState('');
  const [shownImage, setShownImage] = useState(image);
  const [empty, setEmpty] = useState(false);
  if (shownImage !== image) {
    // A new picture: what was typed belonged to the old one.
    setShownImage(image);
    setCode('');
    setEmpty(false);
  }

  const submit = (event: FormEvent) => {
    event.preventDefault();
    if (!code.trim()) {
      setEmpty(true);
      return;
    }
    onAnswer(code.trim());
  };

  return (
    <FormDialog name="captcha" title={t('captcha.title')} cancelLabel={t('captcha.cancel')} submitLabel={t('captcha.submit')} busy={busy} onSubmit={submit} onCancel={onCancel}>
      <p className="small text-body-secondary">{t('captcha.intro')}</p>
      <div className="d-flex align-items-center gap-2 mb-3">
        <img src={image} alt={t('captcha.image_alt')} className="border rounded" height={48} data-testid="captcha-image" />
        <Button variant="link" size="sm" onClick={onRefresh} disabled={busy}>
          {t('captcha.refresh')}
        </Button>
      </div>
      <TextField
        name="captcha_code"
        label={t('captcha.code')}
        value={code}
        onChange={(v) => {
          setCode(v);
          setEmpty(false);
        }}
        error={empty ? t('captcha.required') : error}
        autoComplete="off"
        autoFocus
      />
    </FormDialog>
  );
}
