import { TIMINGS } from '@answer/contract';
import { useEffect } from 'react';
import ToastContainer from 'react-bootstrap/ToastContainer';
import { useTranslation } from '../i18n/translator';
import { type Toast, dismissToast } from '../state/notices';

/**
 * The visible toasts. Confirmations hide after 5 s (spec section 4); an error stays until closed,
 * so a refusal ("you need N reputation") can be read to the end (issue 30).
 */
export function ToastList({ toasts }: { toasts: Toast[] }) {
  const { t } = useTranslation();
  return (
    <ToastContainer position="top-center" containerPosition="fixed" className="p-3" style={{ zIndex: 1090 }}>
      {toasts.map((toast) => (
        <ToastItem key={toast.id} toast={toast} closeLabel={t('common.close')} />
      ))}
    </ToastContainer>
  );
}

/**
 * One toast. Not react-bootstrap's Toast: it sets role="alert" over any role given, and only
 * errors should interrupt a screen reader; confirmations are polite status messages.
 */
function ToastItem({ toast, closeLabel }: { toast: Toast; closeLabel: string }) {
  const danger = toast.variant === 'danger';
  useEffect(() => {
    if (danger) return;
    const timer = setTimeout(() => dismissToast(toast.id), TIMINGS.toastMs);
    return () => clearTimeout(timer);
  }, [toast.id, danger]);
  return (
    <div className={`toast show bg-${toast.variant}`} role={danger ? 'alert' : 'status'} aria-live={danger ? 'assertive' : 'polite'} aria-atomic="true">
      <div className="d-flex">
        <div className={`toast-body ${toast.variant === 'warning' ? '' : 'text-white'}`}>{toast.message}</div>
        <button type="button" className="btn-close btn-close-white me-2 m-auto" aria-label={closeLabel} onClick={() => dismissToast(toast.id)} />
      </div>
    </div>
  );
}
