import { useId, useRef, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { isApiError } from '../../../api/api-error';
import type { WebhookDeliveryItem, WebhookItem } from '../../../api/webhooks';
import { useTranslation } from '../../../i18n/translator';
import { showToast } from '../../../state/notices';
import { eventLabelKey } from './webhook-form';

// The small pieces the webhook list and the page of one webhook share.

/** An event's label ("Question asked"), its wire name when this version has no label for it. */
export function EventLabel({ event }: { event: string }) {
  const { t } = useTranslation();
  return <>{t(eventLabelKey(event), { defaultValue: event })}</>;
}

/**
 * Enabled, Disabled (by an administrator), or Switched off (by the site, after failing deliveries:
 * `disabled_reason` is set), and the failures in a row when there are any.
 */
export function WebhookStateBadges({ item }: { item: WebhookItem }) {
  const { t } = useTranslation();
  let badge;
  if (item.disabled_reason)
    badge = (
      <span className="badge text-bg-warning" data-testid="webhook-state">
        <span aria-hidden="true">⚠ </span>
        {t('admin.webhooks.state.auto_disabled')}
      </span>
    );
  else if (item.enabled)
    badge = (
      <span className="badge text-bg-success" data-testid="webhook-state">
        {t('admin.webhooks.state.enabled')}
      </span>
    );
  else
    badge = (
      <span className="badge text-bg-secondary" data-testid="webhook-state">
        {t('admin.webhooks.state.disabled')}
      </span>
    );
  return (
    <div className="d-flex flex-wrap align-items-center gap-1">
      {badge}
      {item.failure_count > 0 && (
        <span className="small text-danger-emphasis text-nowrap" data-testid="webhook-failures">
          {t('admin.webhooks.failures', { count: item.failure_count })}
        </span>
      )}
    </div>
  );
}

/**
 * Why the site switched a webhook off, and how to switch it on again (edit it and turn Enabled on);
 * nothing while it has not been switched off.
 */
export function DisabledWarning({ item, onEdit, className = '' }: { item: WebhookItem; onEdit?: () => void; className?: string }) {
  const { t } = useTranslation();
  if (!item.disabled_reason) return null;
  return (
    <div className={`alert alert-warning small mb-0 ${className}`} role="note" data-testid="webhook-disabled-warning">
      <div className="fw-semibold">{t('admin.webhooks.disabled_title')}</div>
      <div className="text-break">{t('admin.webhooks.disabled_reason', { reason: item.disabled_reason })}</div>
      <div>
        {t('admin.webhooks.disabled_help')}
        {onEdit && (
          <>
            {' '}
            <Button variant="link" size="sm" className="p-0 align-baseline" onClick={onEdit}>
              {t('admin.webhooks.enable_again')}
            </Button>
          </>
        )}
      </div>
    </div>
  );
}

/**
 * The webhook's secret, hidden until asked (someone may be looking over the shoulder) unless
 * `shown`, with Copy, and how a receiver checks a delivery's signature with it.
 */
export function WebhookSecret({ secret, shown: initiallyShown = false }: { secret: string; shown?: boolean }) {
  const { t } = useTranslation();
  const id = useId();
  const input = useRef<HTMLInputElement>(null);
  const [shown, setShown] = useState(initiallyShown);
  const [copy, setCopy] = useState<'idle' | 'copied' | 'failed'>('idle');
  const copySecret = async () => {
    try {
      // Absent on a page served over plain HTTP (not a secure context).
      if (!navigator.clipboard) throw new Error('no clipboard');
      await navigator.clipboard.writeText(secret);
      setCopy('copied');
    } catch {
      // Shown and selected instead, for the person to copy with the keyboard.
      setShown(true);
      requestAnimationFrame(() => input.current?.select());
      setCopy('failed');
    }
  };
  return (
    <div data-testid="webhook-secret-box">
      <label htmlFor={id} className="form-label">
        {t('admin.webhooks.secret')}
      </label>
      <div className="input-group">
        <input
          ref={input}
          id={id}
          type={shown ? 'text' : 'password'}
          className="form-control font-monospace"
          readOnly
          value={secret}
          spellCheck={false}
          autoComplete="off"
          data-testid="webhook-secret"
          aria-describedby={`${id}-help`}
          onFocus={(e) => e.target.select()}
        />
        {!initiallyShown && (
          <Button variant="outline-secondary" onClick={() => setShown(!shown)} aria-pressed={shown}>
            {t(shown ? 'admin.webhooks.hide' : 'admin.webhooks.show')}
          </Button>
        )}
        <Button variant={copy === 'copied' ? 'success' : 'outline-secondary'} onClick={() => void copySecret()}>
          {t(copy === 'copied' ? 'admin.webhooks.copied' : 'admin.webhooks.copy')}
        </Button>
      </div>
      <div role="status" className="small mt-1">
        {copy === 'copied' && <span className="text-success">{t('admin.webhooks.copied_help')}</span>}
        {copy === 'failed' && <span className="text-danger">{t('admin.webhooks.copy_failed')}</span>}
      </div>
      <p id={`${id}-help`} className="form-text mt-1 mb-0" data-testid="webhook-signature-help">
        {t('admin.webhooks.signature_before')} <code className="text-break">{t('admin.webhooks.signature_header')}</code>{' '}
        {t('admin.webhooks.signature_after')}
      </p>
    </div>
  );
}

const DELIVERY_BADGE = { ok: 'text-bg-success', failed: 'text-bg-danger', pending: 'text-bg-secondary' } as const;

/** Delivered, Failed (given up), Pending, or Retrying (pending after a failed attempt). */
export function DeliveryStatusBadge({ delivery }: { delivery: WebhookDeliveryItem }) {
  const { t } = useTranslation();
  const status = delivery.status === 'pending' && delivery.attempts > 0 ? 'retrying' : delivery.status;
  return <span className={`badge ${DELIVERY_BADGE[delivery.status] ?? 'text-bg-secondary'}`}>{t(`admin.webhooks.delivery_status.${status}`)}</span>;
}

/**
 * Tells a refusal the request client leaves to the page (the calls are `passingError`): a 400
 * without fields, a 404 (deleted meanwhile), a 429. 401, 403 and 5xx the client has shown already.
 */
export function useTellError() {
  const { t } = useTranslation();
  return (error: unknown) => {
    if (!isApiError(error) || error.status === 401 || error.status === 403 || error.status >= 500) return;
    showToast(error.msg || error.list[0]?.error_msg || t('common.request_failed'));
  };
}
