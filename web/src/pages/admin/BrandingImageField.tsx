import { type BrandingField, LIMITS, brandingImageProblem } from '@answer/contract';
import { type ChangeEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { uploadImage } from '../../api/editor';
import { serverFormErrors } from '../../utils/form-errors';
import { readImageSize } from './image-size';

const ACCEPT = 'image/png,image/jpeg,image/gif,image/webp';

interface Props {
  field: BrandingField;
  value: string;
  error?: string;
  onChange: (url: string) => void;
}

/**
 * One branding image: its preview, an upload (size checked here first, and again by the server)
 * and removal. The uploaded URL becomes the field's value; saving the page stores it.
 */
export function BrandingImageField({ field, value, error, onChange }: Props) {
  const { t } = useTranslation();
  const [problem, setProblem] = useState('');
  const [uploading, setUploading] = useState(false);
  const id = `branding-${field}`;

  const choose = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    if (!file) return;
    setProblem('');
    if (file.size > LIMITS.imageMaxBytes) return setProblem(t('error.upload.too_large'));
    const size = await readImageSize(file);
    if (!size) return setProblem(t('error.upload.unsupported_file_format'));
    const found = brandingImageProblem(field, size.width, size.height);
    if (found) return setProblem(t(found.reason, found.vars));
    setUploading(true);
    try {
      onChange(await uploadImage('branding', file, { field }));
    } catch (err) {
      const shown = serverFormErrors(err, ['file'], t('common.request_failed'));
      setProblem(shown.fields.file || shown.message);
    } finally {
      setUploading(false);
    }
  };

  const shown = problem || error;
  return (
    <Form.Group className="mb-4" data-testid={id}>
      <Form.Label htmlFor={id}>{t(`admin.branding.${field}`)}</Form.Label>
      <div className="d-flex align-items-center gap-3 mb-2">
        <div
          className="border rounded d-flex align-items-center justify-content-center bg-body-tertiary"
          style={{ minWidth: 64, height: 64, padding: 4 }}
        >
          {value ? (
            <img src={value} alt={t('admin.branding.preview_of', { name: t(`admin.branding.${field}`) })} style={{ maxHeight: 56, maxWidth: 220 }} />
          ) : (
            <span className="small text-secondary">{t('admin.branding.none')}</span>
          )}
        </div>
        {value && (
          <Button size="sm" variant="outline-danger" onClick={() => onChange('')}>
            {t('admin.branding.remove')}
          </Button>
        )}
      </div>
      <Form.Control
        id={id}
        type="file"
        accept={ACCEPT}
        disabled={uploading}
        isInvalid={!!shown}
        onChange={choose}
        aria-describedby={`${id}-hint`}
      />
      <Form.Text id={`${id}-hint`} className="text-secondary">
        {uploading ? t('admin.branding.uploading') : t(`admin.branding.${field}_hint`)}
      </Form.Text>
      <Form.Control.Feedback type="invalid">{shown}</Form.Control.Feedback>
    </Form.Group>
  );
}
