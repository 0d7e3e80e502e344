import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TagBrief } from '../api/post-types';
import { searchTags } from '../api/questions';
import { useSiteInfo } from '../state/site';
import { type ChosenTag, MAX_TAGS, addTag, tagFromText } from './tag-input';

const SEARCH_DEBOUNCE_MS = 250;

interface TagSelectorProps {
  label: string;
  value: ChosenTag[];
  onChange: (tags: ChosenTag[]) => void;
  error?: string;
}

/**
 * Choosing a post's tags: typing suggests existing tags (the site's recommended ones before
 * anything is typed); Enter or a comma takes the highlighted suggestion or the typed name as a new tag.
 */
export function TagSelector({ label, value, onChange, error }: TagSelectorProps) {
  const { t } = useTranslation();
  const id = useId();
  const recommended = useSiteInfo()?.site_write.recommend_tags ?? [];
  const [text, setText] = useState('');
  const [query, setQuery] = useState('');
  const [open, setOpen] = useState(false);
  const [active, setActive] = useState(-1);
  const [localError, setLocalError] = useState('');

  useEffect(() => {
    const timer = setTimeout(() => setQuery(text.trim()), SEARCH_DEBOUNCE_MS);
    return () => clearTimeout(timer);
  }, [text]);

  const search = useQuery({
    queryKey: ['tag-suggestions', query],
    queryFn: ({ signal }) => searchTags(query, signal),
    enabled: query.length > 0,
    staleTime: 30_000,
  });
  const chosen = new Set(value.map((tag) => tag.slug_name));
  const source: TagBrief[] = query ? (search.data ?? []) : recommended;
  const suggestions = source.filter((s) => !chosen.has(s.slug_name));
  const showList = open && suggestions.length > 0 && value.length < MAX_TAGS;

  const add = (tag: ChosenTag | null) => {
    if (!tag) return;
    const result = addTag(value, tag);
    setLocalError(result.error ? t(`question.form.tag_${result.error}`, { max: MAX_TAGS }) : '');
    if (result.tags !== value) onChange(result.tags);
    if (!result.error) {
      setText('');
      setActive(-1);
    }
  };

  const onKeyDown = (event: KeyboardEvent<HTMLInputElement>) => {
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      if (!suggestions.length) return;
      event.preventDefault();
      setOpen(true);
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + suggestions.length) % suggestions.length);
    } else if (event.key === 'Enter' || event.key === ',') {
      if (!text.trim() && active < 0) return;
      event.preventDefault();
      const picked = showList && active >= 0 ? suggestions[active] : undefined;
      add(picked ? { slug_name: picked.slug_name, display_name: picked.display_name } : tagFromText(text, search.data ?? []));
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
          aria-activedescendant={showList && active >= 0 ? `${listId}-${active}` : undefined}
          aria-invalid={Boolean(shownError)}
          aria-describedby={`${id}-help${shownError ? ` ${id}-error` : ''}`}
          placeholder={value.length < MAX_TAGS ? t('question.form.tags_placeholder') : ''}
          onChange={(e) => {
            setText(e.target.value);
            setOpen(true);
            setActive(-1);
          }}
          onFocus={() => setOpen(true)}
          onBlur={() => setOpen(false)}
          onKeyDown={onKeyDown}
        />
      </div>
      {showList && (
        <ul id={listId} role="listbox" className="list-group position-absolute w-100 shadow-sm" style={{ zIndex: 10 }}>
          {suggestions.map((s, i) => (
            <li
              key={s.slug_name}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action ${i === active ? 'active' : ''}`}
              // mousedown, not click: the input's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                add({ slug_name: s.slug_name, display_name: s.display_name });
              }}
            >
              {s.display_name}
              {s.display_name !== s.slug_name && <span className="small text-body-secondary ms-2">{s.slug_name}</span>}
            </li>
          ))}
        </ul>
      )}
      <div id={`${id}-help`} className="form-text">
        {t('question.form.tags_help', { max: MAX_TAGS })}
      </div>
      {shownError && (
        <div id={`${id}-error`} className="invalid-feedback d-block">
          {shownError}
        </div>
      )}
    </div>
  );
}
