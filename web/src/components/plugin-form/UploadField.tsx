import { type ChangeEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import { uploadPostImage } from '../../api/editor';
import { useTranslation } from '../../i18n/translator';
import { imageProblem } from '../editor/image-files';

interface UploadFieldProps {
  id: string;
  /** The image's URL ('' for none). */
  value: string;
  invalid: boolean;
  describedBy?: string;
  onChange: (url: string) => void;
}

/** An image of a plugin's form: uploaded at once, its URL becoming the field's value (stored when the form is saved). */
export function UploadField({ id, value, invalid, describedBy, onChange }: UploadFieldProps) {
  const { t } = useTranslation();
  const [uploading, setUploading] = useState(false);
  const [problem, setProblem] = useState('');

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    const found = imageProblem(file);
    setProblem(found ? t(found) : '');
    if (found) return;
    setUploading(true);
    try {
      onChange(await uploadPostImage(file));
    } catch {
      // The request client already told the person why.
    } finally {
      setUploading(false);
    }
  };

  return (
    <>
      {value && (
        <div className="d-flex align-items-center gap-3 mb-2">
          <img src={value} alt={t('plugin_form.image_preview')} className="border rounded" style={{ maxHeight: 64, maxWidth: 220 }} />
          <Button size="sm" variant="outline-danger" onClick={() => onChange('')}>
            {t('plugin_form.remove_image')}
          </Button>
        </div>
      )}
      <Form.Control id={id} type="file" accept="image/*" disabled={uploading} isInvalid={invalid || Boolean(problem)} aria-describedby={describedBy} onChange={choose} />
      {uploading && (
        <Form.Text className="d-block" role="status">
          {t('plugin_form.uploading')}
        </Form.Text>
      )}
      {problem && <div className="invalid-feedback d-block">{problem}</div>}
    </>
  );
}
