import { type ChangeEvent, type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { uploadPostImage } from '../../api/editor';
import { TextField } from '../TextField';
import { describeFile, imageProblem } from './image-files';

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
    <Modal show onHide={onClose} centered aria-labelledby="image-dialog-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id="image-dialog-title" as="h2" className="h5">
            {t('editor.image_dialog.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <Form.Group className="mb-3" controlId="image-dialog-file">
            <Form.Label>{t('editor.image_dialog.upload')}</Form.Label>
            <Form.Control type="file" accept="image/*" onChange={upload} isInvalid={Boolean(fileError)} disabled={uploading} />
            <Form.Text className="d-block">{uploading ? t('editor.image_dialog.uploading') : t('editor.image_dialog.upload_help')}</Form.Text>
            {fileError && <Form.Control.Feedback type="invalid">{fileError}</Form.Control.Feedback>}
          </Form.Group>
          <TextField name="image-url" label={t('editor.image_dialog.url')} value={url} onChange={setUrl} error={urlError} />
          <TextField name="image-alt" label={t('editor.image_dialog.description')} value={alt} onChange={setAlt} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="link" onClick={onClose}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit" disabled={uploading}>
            {t('editor.insert')}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
