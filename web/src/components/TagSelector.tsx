import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from '../i18n/translator';
import type { TagBrief } from '../api/post-types';
import { searchTags } from '../api/questions';
import { usePermission } from '../hooks/usePermission';
import { useSiteInfo } from '../state/site';
import { type ChosenTag, MAX_TAGS, addTag, tagFromText, tagOptions } from './tag-input';

const SEARCH_DEBOUNCE_MS = 250;

interface TagSelectorProps {
  label: string;
  value: ChosenTag[];
  onChange: (tags: ChosenTag[]) => void;
  error?: string;
  /** How many tags may be chosen (a post takes MAX_TAGS; admin tag lists more). */
  max?: number;
  /** Help under the field, instead of the post form's (which says new names create tags). */
  help?: string;
}

/**
 * Choosing a post's tags: typing suggests existing tags (the site's recommended ones before
 * anything is typed). Enter takes the highlighted row, the first one unless arrowed to: the best
 * suggestion, or "create" when nothing matches. An Enter pressed before the suggestions for the typed
 * text arrived waits for them. A comma, or Enter with the list closed (Escape), takes the typed name as it is.
 */
export function TagSelector({ label, value, onChange, error, max = MAX_TAGS, help }: TagSelectorProps) {
  const { t } = useTranslation();
  const id = useId();
  const recommended = useSiteInfo()?.site_write.recommend_tags ?? [];
  // A new name makes a new tag only for members with the tag.add privilege: say so before they try.
  const creating = usePermission('tag.add');
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [localError, setLocalError] = useState('');
  const [enterPending, setEnterPending] = useState(false);
  const typed = text.trim();

  useEffect(() => {
    const timer = setTimeout(() => setQuery(typed), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [typed]);

  const search = useQuery({
    queryKey: ['tag-suggestions', query],
    queryFn: ({ signal }) => searchTags(query, signal),
    enabled: query.length > 0,
    staleTime: 30_000,
  });
  // Rows are only offered for the text as typed now: stale ones would let Enter take a tag for older text.
  const settled = !typed || (query === typed && !search.isPending);
  const source: TagBrief[] = typed ? (search.data ?? []) : recommended;
  const options = settled ? tagOptions(typed, source, value).filter((o) => creating.allowed || !o.create) : [];
  const showList = open && options.length > 0 && value.length < max;
  const highlighted = active >= 0 && active < options.length ? active : typed ? 0 : -1;

  const add = (tag: ChosenTag | null) => {
    if (!tag) return;
    if (tag.is_new && !creating.allowed) {
      setLocalError(t('question.form.tag_needs_reputation', { name: tag.display_name, need: creating.need }));
      return;
    }
    const result = addTag(value, tag, max);
    setLocalError(result.error ? t(`question.form.tag_${result.error}`, { max }) : '');
    if (result.tags !== value) onChange(result.tags);
    if (!result.error) {
      setText('');
      setActive(-1);
    }
  };

  const takeHighlighted = () => {
    const row = showList ? options[highlighted] : undefined;
    if (row) add(row.tag);
    else if (settled && typed && !options.length && value.length < max) setText(''); // already chosen
    else add(tagFromText(text, source));
  };

  useEffect(() => {
    if (!enterPending || !settled) return;
    setEnterPending(false);
    takeHighlighted();
  });

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!options.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((highlighted + step + options.length) % options.length);
    } else if (event.key === 'Enter') {
      if (!typed && highlighted < 0) return; // submits the form
      event.preventDefault();
      if (open && !settled) {
        setQuery(typed);
        setEnterPending(true);
      } else takeHighlighted();
    } else if (event.key === ',') {
      event.preventDefault();
      add(tagFromText(text, source));
    } else if (event.key === 'Escape') {
      setOpen(false);
    } else if (event.key === 'Backspace' && !text && value.length) {
      onChange(value.slice(0, -1));
    }
  };

  const shownError = localError || error;
  const listId = `${id}-list`;
  return (
    <div className="mb-3 position-relative">
      <label htmlFor={`${id}-input`} className="form-label">
        {label}
      </label>
      <div className={`form-control d-flex flex-wrap gap-1 align-items-center ${shownError ? 'is-invalid' : ''}`}>
        {value.map((tag) => (
          <span key={tag.slug_name} className="badge text-bg-light border d-inline-flex align-items-center gap-1 fw-normal">
            {tag.display_name}
            {tag.is_new && <span className="text-success">{t('question.form.new_tag')}</span>}
            <button
              type="button"
              className="btn-close"
              style={{ fontSize: '0.5rem' }}
              aria-label={t('question.form.remove_tag', { name: tag.display_name })}
              onClick={() => onChange(value.filter((v) => v.slug_name !== tag.slug_name))}
            />
          </span>
        ))}
        <input
          id={`${id}-input`}
          className="border-0 flex-grow-1 bg-transparent"
          style={{ outline: 'none', minWidth: 120 }}
          value={text}
          role="combobox"
          aria-expanded={showList}
          aria-controls={listId}
          aria-autocomplete="list"
          aria-activedescendant={showList && highlighted >= 0 ? `${listId}-${highlighted}` : undefined}
          aria-invalid={Boolean(shownError)}
          aria-describedby={`${id}-help${shownError ? ` ${id}-error` : ''}`}
          placeholder={value.length < max ? t('question.form.tags_placeholder') : ''}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
            setEnterPending(false);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {showList && (
        <ul id={listId} role="listbox" className="list-group position-absolute w-100 shadow-sm" style={{ zIndex: 10 }}>
          {options.map(({ tag, create }, i) => (
            <li
              key={create ? `create:${tag.slug_name}` : tag.slug_name}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === highlighted}
              className={`list-group-item list-group-item-action ${i === highlighted ? 'active' : ''}`}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                add(tag);
              }}
            >
              {create ? (
                t('question.form.create_tag', { name: tag.display_name })
              ) : (
                <>
                  {tag.display_name}
                  {tag.display_name !== tag.slug_name && <span className="small text-body-secondary ms-2">{tag.slug_name}</span>}
                </>
              )}
            </li>
          ))}
        </ul>
      )}
      <div id={`${id}-help`} className="form-text">
        {help ?? (creating.allowed ? t('question.form.tags_help', { max }) : t('question.form.tags_help_existing', { max, need: creating.need }))}
      </div>
      {shownError && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {shownError}
        </div>
      )}
    </div>
  );
}
