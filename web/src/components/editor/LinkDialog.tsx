import { type FormEvent, useState } from 'react';
import { useTranslation } from '../../i18n/translator';
import { TextField } from '../TextField';
import { FormDialog } from '../FormDialog';

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
    <FormDialog name="link" title={t('editor.link_dialog.title')} cancelLabel={t('editor.cancel')} submitLabel={t('editor.insert')} onSubmit={submit} onCancel={onClose}>
      <TextField name="link-url" type="url" label={t('editor.link_dialog.url')} value={url} onChange={setUrl} error={error} autoFocus />
      <TextField name="link-text" label={t('editor.link_dialog.text')} value={text} onChange={setText} />
    </FormDialog>
  );
}
