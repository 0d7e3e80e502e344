import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from 'react-i18next';
import { TextField } from '../TextField';

/** Asks for a link's address (required, spec section 5) and text; the selected text is the default. */
export function LinkDialog({ initialText, onInsert, onClose }: { initialText: string; onInsert: (url: string, text: string) => void; onClose: () => void }) {
  const { t } = useTranslation();
  const [url, setUrl] = useState('https://');
  const [text, setText] = useState(initialText);
  const [error, setError] = useState('');

  const submit = (event: FormEvent) => {
    event.preventDefault();
    // The dialog renders in a portal, but React still bubbles its submit to the page's own form.
    event.stopPropagation();
    const address = url.trim();
    if (!address || address === 'https://') {
      setError(t('editor.link_dialog.url_required'));
      return;
    }
    onInsert(address, text.trim());
  };

  return (
    <Modal show onHide={onClose} centered aria-labelledby="link-dialog-title">
      <Form noValidate onSubmit={submit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id="link-dialog-title" as="h2" className="h5">
            {t('editor.link_dialog.title')}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>
          <TextField name="link-url" type="url" label={t('editor.link_dialog.url')} value={url} onChange={setUrl} error={error} autoFocus />
          <TextField name="link-text" label={t('editor.link_dialog.text')} value={text} onChange={setText} />
        </Modal.Body>
        <Modal.Footer>
          <Button variant="link" onClick={onClose}>
            {t('editor.cancel')}
          </Button>
          <Button type="submit">{t('editor.insert')}</Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
