import type { FormEvent, ReactNode } from 'react';
import { useTranslation } from '../i18n/translator';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';

interface FormDialogProps {
  /** Names the dialog: its title id is `<name>-dialog-title`, its test id `<name>-dialog`. */
  name: string;
  title: ReactNode;
  cancelLabel: string;
  submitLabel: string;
  /** Disables the submit button while work is under way. */
  busy?: boolean;
  onSubmit: (event: FormEvent<HTMLFormElement>) => void;
  onCancel: () => void;
  children: ReactNode;
}

/** A centred modal holding one form: title, body, and Cancel / submit at the bottom. */
export function FormDialog({ name, title, cancelLabel, submitLabel, busy = false, onSubmit, onCancel, children }: FormDialogProps) {
  const { t } = useTranslation();
  const titleId = `${name}-dialog-title`;
  return (
    <Modal show onHide={onCancel} centered aria-labelledby={titleId} data-testid={`${name}-dialog`}>
      <Form noValidate onSubmit={onSubmit}>
        <Modal.Header closeButton closeLabel={t('common.close')}>
          <Modal.Title id={titleId} as="h2" className="h5">
            {title}
          </Modal.Title>
        </Modal.Header>
        <Modal.Body>{children}</Modal.Body>
        <Modal.Footer>
          <Button variant="link" onClick={onCancel}>
            {cancelLabel}
          </Button>
          <Button type="submit" disabled={busy}>
            {submitLabel}
          </Button>
        </Modal.Footer>
      </Form>
    </Modal>
  );
}
