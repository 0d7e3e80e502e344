import Button from 'react-bootstrap/Button';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../i18n/translator';
import { dialogStore } from '../state/notices';
import { useStore } from '../state/store';

/** The message dialog the request client opens for 400 replies ("modal" type, or no data). */
export function MessageDialog() {
  const { t } = useTranslation();
  const dialog = useStore(dialogStore);
  const close = () => dialogStore.set(null);
  return (
    <Modal show={dialog !== null} onHide={close} centered aria-labelledby="app-dialog-title">
      <Modal.Header closeButton={dialog?.kind === 'confirm'} closeLabel={t('common.close')}>
        <Modal.Title id="app-dialog-title" as="h2" className="h5">
          {t('dialog.notice')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>{dialog?.message}</Modal.Body>
      <Modal.Footer>
        {dialog?.kind === 'confirm' ? (
          <Button variant="primary" onClick={close}>
            {t('common.confirm')}
          </Button>
        ) : (
          <Button variant="secondary" onClick={close}>
            {t('common.close')}
          </Button>
        )}
      </Modal.Footer>
    </Modal>
  );
}
