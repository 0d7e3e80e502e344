import type { WebhookEvent } from '@answer/contract';
import { type FormEvent, useState } from 'react';
import Button from 'react-bootstrap/Button';
import Form from 'react-bootstrap/Form';
import Modal from 'react-bootstrap/Modal';
import { createWebhook, updateWebhook, type WebhookItem } from '../../../api/webhooks';
import { FormDialog } from '../../../components/FormDialog';
import { FormMessage } from '../../../components/FormMessage';
import { TextField } from '../../../components/TextField';
import { useTranslation } from '../../../i18n/translator';
import { type FieldErrors, serverFormErrors } from '../../../utils/form-errors';
import {
  DESCRIPTION_MAX,
  EVENT_GROUPS,
  eventLabelKey,
  formValuesOf,
  orderedEvents,
  parseTags,
  URL_MAX,
  WEBHOOK_FIELDS,
  type WebhookFormValues,
  webhookBodyOf,
  withFormFieldNames,
} from './webhook-form';
import { DisabledWarning, WebhookSecret } from './WebhookParts';

// The dialogs of Admin → Webhooks (AdminWebhooks.tsx, AdminWebhookDetail.tsx), downloaded when first opened.

/**
 * Adds a webhook (no `item`) or edits one: its address, what it is for, the events it hears
 * (grouped, with "all" per group and overall), an optional tag filter, and two switches. The
 * server's field errors (`url` — a refused private address too —, `events`, `tags`…) are shown
 * beside those fields. `onSaved` gets the new webhook (with its secret), or null after an edit.
 */
export function WebhookFormDialog({ item, onSaved, onCancel }: { item?: WebhookItem | null; onSaved: (created: WebhookItem | null) => void; onCancel: () => void }) {
  const { t } = useTranslation();
  const [values, setValues] = useState<WebhookFormValues>(() => formValuesOf(item));
  const [errors, setErrors] = useState<FieldErrors>({});
  const [message, setMessage] = useState('');
  const [busy, setBusy] = useState(false);

  const change = (patch: Partial<WebhookFormValues>) => {
    setValues((v) => ({ ...v, ...patch }));
    setErrors((e) => {
      const next = { ...e };
      for (const key of Object.keys(patch)) delete next[key];
      return next;
    });
  };
  const translate = (key: string) => t(key, { defaultValue: t('error.common.invalid') });
  /** Shows the errors, and brings the first of them into view (the dialog is taller than a phone). */
  const refuse = (found: FieldErrors) => {
    setErrors(found);
    const first = WEBHOOK_FIELDS.find((name) => found[name]);
    if (first) requestAnimationFrame(() => document.getElementById(FIELD_IDS[first])?.focus());
  };

  const submit = async (event: FormEvent) => {
    event.preventDefault();
    setErrors({});
    setMessage('');
    const checked = webhookBodyOf(values, translate);
    if ('errors' in checked) {
      refuse(checked.errors);
      return;
    }
    setBusy(true);
    try {
      if (item) {
        await updateWebhook({ id: item.id, ...checked.data });
        onSaved(null);
      } else onSaved(await createWebhook(checked.data));
    } catch (error) {
      const shown = serverFormErrors(withFormFieldNames(error), WEBHOOK_FIELDS, t('common.request_failed'));
      refuse(shown.fields);
      setMessage(shown.message);
    } finally {
      setBusy(false);
    }
  };

  const field = (name: 'url' | 'description' | 'tags') => ({ name, value: values[name], onChange: (value: string) => change({ [name]: value }), error: errors[name] });
  const tags = parseTags(values.tags);

  return (
    <FormDialog
      name="webhook"
      title={t(item ? 'admin.webhooks.edit_title' : 'admin.webhooks.add_title')}
      cancelLabel={t('editor.cancel')}
      submitLabel={t(item ? 'admin.webhooks.save' : 'admin.webhooks.add_submit')}
      busy={busy}
      onSubmit={(e) => void submit(e)}
      onCancel={onCancel}
    >
      {item && <DisabledWarning item={item} className="mb-3" />}
      <TextField
        label={t('admin.webhooks.url')}
        help={t('admin.webhooks.url_help')}
        type="url"
        inputMode="url"
        placeholder="https://example.com/hooks/answer"
        maxLength={URL_MAX}
        autoComplete="off"
        spellCheck={false}
        autoFocus
        {...field('url')}
      />
      <TextField label={t('admin.webhooks.description')} help={t('admin.webhooks.description_help')} maxLength={DESCRIPTION_MAX} autoComplete="off" {...field('description')} />
      <EventChoice chosen={values.events} error={errors.events} onChange={(events) => change({ events })} />
      <TextField label={t('admin.webhooks.tags')} help={t('admin.webhooks.tags_help')} placeholder={t('admin.webhooks.tags_placeholder')} autoComplete="off" spellCheck={false} {...field('tags')} />
      {tags.length > 0 && !errors.tags && (
        <div className="d-flex flex-wrap gap-1 mt-n2 mb-3" aria-label={t('admin.webhooks.tags_chosen')} data-testid="webhook-tags-preview">
          {tags.map((tag) => (
            <span key={tag} className="badge text-bg-secondary fw-normal text-break text-wrap">
              {tag}
            </span>
          ))}
        </div>
      )}
      <Switch id="field-enabled" label={t('admin.webhooks.enabled')} help={t('admin.webhooks.enabled_help')} checked={values.enabled} error={errors.enabled} onChange={(enabled) => change({ enabled })} />
      <Switch
        id="field-allow_private"
        label={t('admin.webhooks.allow_private')}
        help={t('admin.webhooks.allow_private_help')}
        checked={values.allow_private}
        error={errors.allow_private}
        onChange={(allow_private) => change({ allow_private })}
      />
      {values.allow_private && (
        <div className="alert alert-warning small" role="note" data-testid="webhook-private-warning">
          {t('admin.webhooks.allow_private_warning')}
        </div>
      )}
      <FormMessage message={message} />
    </FormDialog>
  );
}

/** The element each field's error sends the focus to. */
const FIELD_IDS: Record<(typeof WEBHOOK_FIELDS)[number], string> = {
  url: 'field-url',
  description: 'field-description',
  events: 'field-events-all',
  tags: 'field-tags',
  enabled: 'field-enabled',
  allow_private: 'field-allow_private',
};

/** A switch with its help and error wired for screen readers. */
function Switch({ id, label, help, checked, error, onChange }: { id: string; label: string; help: string; checked: boolean; error?: string; onChange: (on: boolean) => void }) {
  const describedBy = [`${id}-help`, error && `${id}-error`].filter(Boolean).join(' ');
  return (
    <Form.Group className="mb-3">
      <Form.Check type="switch" id={id}>
        <Form.Check.Input checked={checked} isInvalid={Boolean(error)} aria-describedby={describedBy} onChange={(e) => onChange(e.currentTarget.checked)} />
        <Form.Check.Label>{label}</Form.Check.Label>
      </Form.Check>
      <Form.Text id={`${id}-help`} className="d-block">
        {help}
      </Form.Text>
      {error && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </Form.Group>
  );
}

/** A checkbox that also shows "some" (indeterminate), for a group's or every event. */
function AllCheck({ id, label, chosen, total, onChange, className }: { id: string; label: string; chosen: number; total: number; onChange: (all: boolean) => void; className?: string }) {
  return (
    <Form.Check id={id} className={className}>
      <Form.Check.Input
        checked={chosen === total}
        ref={(el: HTMLInputElement | null) => {
          if (el) el.indeterminate = chosen > 0 && chosen < total;
        }}
        onChange={() => onChange(chosen < total)}
      />
      <Form.Check.Label className="fw-semibold">{label}</Form.Check.Label>
    </Form.Check>
  );
}

/** The events as checkboxes in their groups, each group with its own "all", and "Select all". */
function EventChoice({ chosen, error, onChange }: { chosen: WebhookEvent[]; error?: string; onChange: (events: WebhookEvent[]) => void }) {
  const { t } = useTranslation();
  const set = new Set<string>(chosen);
  const every = EVENT_GROUPS.flatMap((group) => group.events);
  const toggle = (events: readonly WebhookEvent[], on: boolean) => {
    const next = new Set<string>(chosen);
    for (const event of events) {
      if (on) next.add(event);
      else next.delete(event);
    }
    onChange(orderedEvents(next));
  };
  return (
    <fieldset className="mb-3" aria-describedby={['field-events-help', error && 'field-events-error'].filter(Boolean).join(' ')} data-testid="webhook-events">
      <legend className="form-label fs-6 mb-1">{t('admin.webhooks.events_label')}</legend>
      <div className="d-flex flex-wrap justify-content-between align-items-center column-gap-3 mb-2">
        <div id="field-events-help" className="form-text m-0">
          {t('admin.webhooks.events_help', { count: chosen.length })}
        </div>
        <AllCheck id="field-events-all" label={t('admin.webhooks.select_all')} chosen={every.filter((e) => set.has(e)).length} total={every.length} onChange={(on) => toggle(every, on)} className="mb-0" />
      </div>
      <div className="row row-cols-1 row-cols-sm-2 g-2">
        {EVENT_GROUPS.map((group) => (
          <div key={group.key} className="col">
            <div className="border rounded p-2 h-100" role="group" aria-labelledby={`field-events-group-${group.key}`}>
              <AllCheck
                id={`field-events-group-${group.key}`}
                label={t(`admin.webhooks.groups.${group.key}`)}
                chosen={group.events.filter((e) => set.has(e)).length}
                total={group.events.length}
                onChange={(on) => toggle(group.events, on)}
                className="mb-1"
              />
              {group.events.map((event) => (
                <Form.Check key={event} id={`field-event-${event.replace(/\./g, '_')}`} className="ms-3 small">
                  <Form.Check.Input name="events" value={event} checked={set.has(event)} isInvalid={Boolean(error)} onChange={(e) => toggle([event], e.currentTarget.checked)} />
                  <Form.Check.Label title={event}>{t(eventLabelKey(event), { defaultValue: event })}</Form.Check.Label>
                </Form.Check>
              ))}
            </div>
          </div>
        ))}
      </div>
      {error && (
        <div id="field-events-error" className="invalid-feedback d-block">
          {error}
        </div>
      )}
    </fieldset>
  );
}

/**
 * The webhook just added, with its secret shown and copyable, and how receivers check signatures
 * with it. (The secret stays on the webhook's page for administrators.)
 */
export function WebhookCreatedDialog({ item, onDone }: { item: WebhookItem; onDone: () => void }) {
  const { t } = useTranslation();
  return (
    <Modal show onHide={onDone} backdrop="static" centered aria-labelledby="webhook-created-dialog-title" data-testid="webhook-created-dialog">
      <Modal.Header>
        <Modal.Title id="webhook-created-dialog-title" as="h2" className="h5">
          {t('admin.webhooks.created_title')}
        </Modal.Title>
      </Modal.Header>
      <Modal.Body>
        <p className="small text-break">
          <code>{item.url}</code>
        </p>
        <WebhookSecret secret={item.secret} shown />
        <p className="small text-body-secondary mt-2 mb-0">{t('admin.webhooks.created_help')}</p>
      </Modal.Body>
      <Modal.Footer>
        <Button onClick={onDone}>{t('admin.webhooks.done')}</Button>
      </Modal.Footer>
    </Modal>
  );
}
