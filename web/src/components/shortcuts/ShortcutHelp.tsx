import { Fragment } from 'react';
import Modal from 'react-bootstrap/Modal';
import { useTranslation } from '../../i18n/translator';
import { SHORTCUTS } from './keys';

/** The dialog "?" opens: every site-wide key and what it does. */
export function ShortcutHelp({ onClose }: { onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal show onHide={onClose} centered aria-labelledby="shortcut-help-title">
      <Modal.Header closeButton closeLabel={t('common.close')}>
        <Modal.Title id="shortcut-help-title" as="h2" className="h5">
          {t('header.shortcuts.title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <dl className="row mb-0" data-testid="shortcut-help">
          {SHORTCUTS.map((s) => (
            <Fragment key={s.key}>
              <dt className="col-3">
                <kbd>{s.key}</kbd>
              </dt>
              <dd className="col-9">{t(s.label)}</dd>
            </Fragment>
          ))}
        </dl>
      </Modal.Body>
    </Modal>
  );
}
