import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../i18n/translator';

/** "Are you sure?" before something that cannot be undone from here (deleting a post or comment). */
export function ConfirmDialog({ message, confirmLabel, busy, onConfirm, onCancel }: { message: string; confirmLabel: string; busy?: boolean; onConfirm: () => void; onCancel: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal show onHide={onCancel} centered aria-labelledby="confirm-dialog-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="confirm-dialog-title" as="h2" className="h5">
          {t('dialog.notice')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{message}</Modal.Body>
      <Modal.Footer>
        <Button variant="link" onClick={onCancel}>
          {t('editor.cancel')}
        </Button>
        <Button variant="danger" onClick={onConfirm} disabled={busy}>
          {confirmLabel}
        </Button>
      </Modal.Footer>
    </Modal>
  );
}
