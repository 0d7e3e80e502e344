import { type ChangeEvent, type FormEvent, useState } from 'react';
import Form from 'react-bootstrap/Form';
import { useTranslation } from '../../i18n/translator';
import { uploadPostImage } from '../../api/editor';
import { TextField } from '../TextField';
import { describeFile, imageProblem } from './image-files';
import { FormDialog } from '../FormDialog';

/** Uploads an image (or takes its address) and a description, then inserts it. */
export function ImageDialog({ onInsert, onClose }: { onInsert: (url: string, alt: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('');
  const [alt, setAlt] = useState('');
  const [uploading, setUploading] = useState(false);
  const [fileError, setFileError] = useState('');
  const [urlError, setUrlError] = useState('');

  const upload = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    if (!file) return;
    const problem = imageProblem(file);
    setFileError(problem ? t(problem) : '');
    if (problem) return;
    setUploading(true);
    try {
      setUrl(await uploadPostImage(file));
      setUrlError('');
      if (!alt) setAlt(describeFile(file.name));
    } catch {
      // The request client already told the user why.
    } finally {
      setUploading(false);
    }
  };

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog renders in a portal, but React still bubbles its submit to the page's own form.
    event.stopPropagation();
    if (!url.trim()) {
      setUrlError(t('editor.image_dialog.url_required'));
      return;
    }
    onInsert(url.trim(), alt.trim());
  };

  return (
    <FormDialog name="image" title={t('editor.image_dialog.title')} cancelLabel={t('editor.cancel')} submitLabel={t('editor.insert')} busy={uploading} onSubmit={submit} onCancel={onClose}>
      <Form.Group className="mb-3" controlId="image-dialog-file">
        <Form.Label>{t('editor.image_dialog.upload')}</Form.Label>
        <Form.Control type="file" accept="image/*" onChange={upload} isInvalid={Boolean(fileError)} disabled={uploading} />
        <Form.Text className="d-block">{uploading ? t('editor.image_dialog.uploading') : t('editor.image_dialog.upload_help')}</Form.Text>
        {fileError && <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>}
      </Form.Group>
      <TextField name="image-url" label={t('editor.image_dialog.url')} value={url} onChange={setUrl} error={urlError} />
      <TextField name="image-alt" label={t('editor.image_dialog.description')} value={alt} onChange={setAlt} />
    </FormDialog>
  );
}
