import { TIMINGS } from '@answer/contract';
import Toast from 'react-bootstrap/Toast';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from 'react-i18next';
import { type Toast as ToastItem, dismissToast } from '../state/notices';

/** The visible toasts; each hides after 5 s (spec section 4). */
export function ToastList({ toasts }: { toasts: ToastItem[] }) {
  const { t } = useTranslation();
  return (
    <ToastContainer position="top-center" containerPosition="fixed" className="p-3" style={{ zIndex: 1090 }}>
      {toasts.map((toast) => (
        <Toast
          key={toast.id}
          bg={toast.variant}
          autohide
          delay={TIMINGS.toastMs}
          onClose={() => dismissToast(toast.id)}
          role={toast.variant === 'danger' ? 'alert' : 'status'}
        >
          <div className="d-flex">
            <Toast.Body className={toast.variant === 'warning' ? '' : 'text-white'}>{toast.message}</Toast.Body>
            <button
              type="button"
              className="btn-close btn-close-white me-2 m-auto"
              aria-label={t('common.close')}
              onClick={() => dismissToast(toast.id)}
            />
          </div>
        </Toast>
      ))}
    </ToastContainer>
  );
}
