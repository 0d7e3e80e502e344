import { useQueryClient } from '@tanstack/react-query';
import { type ReactNode, useState } from 'react';
import Button from 'react-bootstrap/Button';
import { useTranslation } from '../../i18n/translator';
import { Link } from 'react-router';
import type { AdminBulkResult } from '../../api/admin-content';
import { ConfirmDialog } from '../../components/ConfirmDialog';
import { TimeAgo } from '../../components/TimeAgo';
import { type LinkedUser, UserLink } from '../../components/UserLink';
import { showToast } from '../../state/notices';
import { AdminFilterTabs } from './AdminFilterTabs';
import { AdminSearchForm } from './AdminSearchForm';
import { type ContentAction, isDanger, summarise, toggledAll } from './admin-content-params';

export type ContentKind = 'question' | 'answer';

/** The status tabs of a list, as links (the address holds the state). */
export function ContentTabs<F extends string>({ filters, current, hrefOf }: { filters: readonly F[]; current: F; hrefOf: (status: F) => string }) {
  const { t } = useTranslation();
  return <AdminFilterTabs label={t('admin.content.filter_label')} filters={filters} current={current} hrefOf={hrefOf} labelOf={(status) => t(`admin.content.filter.${status}`)} />;
}

/** The search box: submitting goes to the first page of the results. */
export function ContentSearch({ query, placeholder, hrefOf }: { query: string; placeholder: string; hrefOf: (query: string) => string }) {
  const { t } = useTranslation();
  return (
    <AdminSearchForm
      query={query}
      hrefOf={hrefOf}
      label={t('admin.content.search_label')}
      placeholder={placeholder}
      submitLabel={t('admin.content.search')}
      inputStyle={{ minWidth: 240 }}
      maxLength={200}
    />
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

/** The rows selected on a list; another tab, page or search (a new `state`) starts with nothing selected. */
export function useRowSelection(state: object) {
  const stateKey = JSON.stringify(state);
  const [selection, setSelection] = useState<{ key: string; ids: Set<string> }>({ key: stateKey, ids: new Set() });
  const selected = selection.key === stateKey ? selection.ids : new Set<string>();
  const select = (ids: Set<string>) => setSelection({ key: stateKey, ids });
  return { selected, select };
}

/** The header's checkbox: every row of this page, or none; half-set while only some are. */
export function SelectAllCheck({ pageIds, selected, onSelect }: { pageIds: string[]; selected: Set<string>; onSelect: (ids: Set<string>) => void }) {
  const { t } = useTranslation();
  const allSelected = pageIds.length > 0 && pageIds.every((id) => selected.has(id));
  return <RowCheck checked={allSelected} indeterminate={!allSelected && selected.size > 0} label={t('admin.content.select_all')} onChange={() => onSelect(toggledAll(selected, pageIds))} />;
}

/** What the empty list says: nothing in this tab, or nothing found, with the way back when a filter is on. */
export function ContentEmpty({ kind, status, query, clearHref }: { kind: 'questions' | 'answers'; status: string; query: string; clearHref?: string }) {
  const { t } = useTranslation();
  return (
    <>
      <p className="mb-2">{query ? t('admin.content.empty_search', { q: query }) : t(`admin.content.empty.${kind}.${status}`)}</p>
      {clearHref && <Link to={clearHref}>{t('admin.content.clear_search')}</Link>}
    </>
  );
}

/** The last header cells of a post table: author, date (of deletion on the deleted tab), actions. */
export function ContentHeadEnd({ deletedTab }: { deletedTab: boolean }) {
  const { t } = useTranslation();
  return (
    <>
      <th>{t('admin.content.author')}</th>
      <th>{t(deletedTab ? 'admin.content.deleted_at' : 'admin.content.created')}</th>
      <th>
        <span className="visually-hidden">{t('admin.content.actions')}</span>
      </th>
    </>
  );
}

/** The last cells of a post's row, under {@link ContentHeadEnd}: its author, its date and the tab's actions on it. */
export function ContentRowEnd({ user, time, title, actions, onAction }: { user: LinkedUser | null; time: number; title: string; actions: ContentAction[]; onAction: (action: ContentAction) => void }) {
  return (
    <>
      <td className="text-nowrap">{user ? <UserLink user={user} avatarSize={20} /> : null}</td>
      <td className="text-nowrap small">
        <TimeAgo time={time} />
      </td>
      <td className="text-end">
        <div className="d-inline-flex gap-1">
          {actions.map((a) => (
            <ActionButton key={a} action={a} onClick={() => onAction(a)} label={<span className="visually-hidden"> {title}</span>} />
          ))}
        </div>
      </td>
    </>
  );
}
