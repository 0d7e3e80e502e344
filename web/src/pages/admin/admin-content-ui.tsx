import { useQueryClient } from '@tanstack/react-query';
import { type FormEvent, type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import type { AdminBulkResult } from '../../api/admin-content';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { showToast } from '../../state/notices';
import { type ContentAction, isDanger, summarise } from './admin-content-params';

export type ContentKind = 'question' | 'answer';

/** The status tabs of a list, as links (the address holds the state). */
export function ContentTabs<F extends string>({ filters, current, hrefOf }: { filters: readonly F[]; current: F; hrefOf: (status: F) => string }) {
  const { t } = useTranslation();
  return (
    <nav aria-label={t('admin.content.filter_label')}>
      <div className="btn-group btn-group-sm flex-wrap">
        {filters.map((status) => (
          <Link
            key={status}
            to={hrefOf(status)}
            className={`btn btn-outline-secondary ${status === current ? 'active' : ''}`}
            aria-current={status === current ? 'page' : undefined}
          >
            {t(`admin.content.filter.${status}`)}
          </Link>
        ))}
      </div>
    </nav>
  );
}

/** The search box: submitting goes to the first page of the results. */
export function ContentSearch({ query, placeholder, hrefOf }: { query: string; placeholder: string; hrefOf: (query: string) => string }) {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const [text, setText] = useState(query);
  const [seen, setSeen] = useState(query);
  // A new address (Back, a tab, the clear link) refills the box.
  if (seen !== query) {
    setSeen(query);
    setText(query);
  }
  const submit = (e: FormEvent) => {
    e.preventDefault();
    navigate(hrefOf(text.trim()));
  };
  return (
    <form className="d-flex gap-2" role="search" onSubmit={submit}>
      <input
        type="search"
        className="form-control form-control-sm"
        style={{ minWidth: 240 }}
        value={text}
        onChange={(e) => setText(e.target.value)}
        aria-label={t('admin.content.search_label')}
        placeholder={placeholder}
        maxLength={200}
      />
      <Button type="submit" size="sm" variant="outline-secondary">
        {t('admin.content.search')}
      </Button>
    </form>
  );
}

/** One action button (a row's, or the bulk bar's for the selected rows). */
export function ActionButton({ action, label, onClick, disabled }: { action: ContentAction; label?: ReactNode; onClick: () => void; disabled?: boolean }) {
  const { t } = useTranslation();
  return (
    <Button size="sm" variant={isDanger(action) ? 'outline-danger' : 'outline-secondary'} onClick={onClick} disabled={disabled} data-action={action}>
      {t(`admin.content.action.${action}`)}
      {label}
    </Button>
  );
}

/** The bar over the table once rows are selected: how many, and the tab's actions for all of them. */
export function BulkBar({ count, actions, onAction, onClear }: { count: number; actions: ContentAction[]; onAction: (a: ContentAction) => void; onClear: () => void }) {
  const { t } = useTranslation();
  if (!count) return null;
  return (
    <div className="d-flex flex-wrap align-items-center gap-2 border rounded px-3 py-2 mb-2 bg-body-tertiary" role="region" aria-label={t('admin.content.bulk_label')} data-testid="admin-content-bulk">
      <span className="me-2">{t('admin.content.selected', { count })}</span>
      {actions.map((a) => (
        <ActionButton key={a} action={a} onClick={() => onAction(a)} />
      ))}
      <Button size="sm" variant="link" onClick={onClear}>
        {t('admin.content.clear_selection')}
      </Button>
    </div>
  );
}

/** What an action is waiting for: which posts, and a name for one (shown in the confirmation). */
export interface PendingAction {
  action: ContentAction;
  ids: string[];
  name?: string;
}

/**
 * Runs confirmed actions: asks first, then calls the bulk endpoint (one result per post), tells
 * what happened (changed, already so, failed with the server's reasons), refreshes the lists and
 * clears the selection.
 */
export function useContentAction(kind: ContentKind, run: (action: ContentAction, ids: string[]) => Promise<AdminBulkResult[]>, onDone: () => void) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  const [pending, setPending] = useState<PendingAction | null>(null);
  const [busy, setBusy] = useState(false);

  const confirm = async () => {
    if (!pending) return;
    setBusy(true);
    try {
      const results = await run(pending.action, pending.ids);
      const sum = summarise(results);
      if (sum.changed || sum.unchanged) showToast(t(`admin.content.done.${pending.action}`, { count: sum.changed + sum.unchanged }), 'success');
      if (sum.failed) showToast(t('admin.content.failed', { count: sum.failed, reasons: sum.messages.join(' ') }));
      setPending(null);
      onDone();
      // Every admin list, and the public pages showing these posts, may have changed.
      await queryClient.invalidateQueries({ queryKey: ['admin', 'content'] });
      for (const key of ['questions', 'question', 'answers', 'review']) await queryClient.invalidateQueries({ queryKey: [key] });
    } catch {
      // The request client already shows why it failed.
    } finally {
      setBusy(false);
    }
  };

  const dialog = pending && (
    <ConfirmDialog
      message={
        pending.ids.length === 1 && pending.name
          ? t(`admin.content.confirm.${kind}.${pending.action}`, { name: pending.name })
          : t(`admin.content.confirm_many.${kind}.${pending.action}`, { count: pending.ids.length })
      }
      confirmLabel={t(`admin.content.action.${pending.action}`)}
      busy={busy}
      onConfirm={() => void confirm()}
      onCancel={() => setPending(null)}
    />
  );
  return { ask: setPending, dialog };
}

/** A checkbox in the table (a row's, or the header's "all on this page"). */
export function RowCheck({ checked, indeterminate, label, onChange }: { checked: boolean; indeterminate?: boolean; label: string; onChange: () => void }) {
  return (
    <input
      type="checkbox"
      className="form-check-input"
      checked={checked}
      ref={(el) => {
        if (el) el.indeterminate = !!indeterminate;
      }}
      onChange={onChange}
      aria-label={label}
    />
  );
}
