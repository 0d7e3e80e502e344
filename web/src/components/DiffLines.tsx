import { useTranslation } from '../i18n/translator';
import type { DiffOp, DiffPart } from './line-diff';

const LINE_CLASS: Record<DiffOp, string> = {
  same: 'text-body-secondary',
  removed: 'bg-danger-subtle text-danger-emphasis',
  added: 'bg-success-subtle text-success-emphasis',
};
const SIGN: Record<DiffOp, string> = { same: ' ', removed: '−', added: '+' };

/**
 * One diffed field: removed items struck out on red, added ones underlined on green, kept ones
 * muted. Colour is not the only cue: the sign and a hidden "Removed:"/"Added:" say it too.
 * `inline` lays items out side by side (tags) instead of one line each (title, body).
 */
export function DiffLines({ parts, inline = false }: { parts: DiffPart<string>[]; inline?: boolean }) {
  const { t } = useTranslation();
  const hidden = (op: DiffOp) => (op === 'same' ? null : <span className="visually-hidden">{t(op === 'removed' ? 'revision_diff.removed' : 'revision_diff.added')}</span>);
  if (inline) {
    return (
      <ul className="list-inline mb-0 d-flex flex-wrap gap-1">
        {parts.map((p, i) => (
          <li key={`${p.op}-${i}`} data-diff={p.op} className={`badge rounded-pill border fw-normal ${LINE_CLASS[p.op]}`}>
            {hidden(p.op)}
            {p.op === 'removed' ? <del>{p.value}</del> : p.op === 'added' ? <ins>{p.value}</ins> : p.value}
          </li>
        ))}
      </ul>
    );
  }
  return (
    <div className="font-monospace small border rounded overflow-auto">
      {parts.map((p, i) => (
        <div key={`${p.op}-${i}`} data-diff={p.op} className={`d-flex px-2 ${LINE_CLASS[p.op]}`}>
          <span aria-hidden="true" className="me-2 user-select-none">
            {SIGN[p.op]}
          </span>
          {hidden(p.op)}
          <span className="text-break" style={{ whiteSpace: 'pre-wrap' }}>
            {p.op === 'removed' ? <del>{p.value}</del> : p.op === 'added' ? <ins>{p.value}</ins> : p.value || ' '}
          </span>
        </div>
      ))}
    </div>
  );
}
