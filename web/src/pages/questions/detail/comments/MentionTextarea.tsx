import { useQuery } from '@tanstack/react-query';
import { type KeyboardEvent, useEffect, useId, useLayoutEffect, useRef, useState } from 'react';
import { useTranslation } from '../../../../i18n/translator';
import { searchUsers } from '../../../../api/comments';
import { Avatar } from '../../../../components/Avatar';
import { insertMention, mentionAt } from './mention';

const LOOKUP_PAUSE_MS = 200;

interface MentionTextareaProps {
  id: string;
  value: string;
  onChange: (value: string) => void;
  /** Called with each username picked from the list. */
  onMention: (username: string) => void;
  invalid?: boolean;
  describedBy?: string;
  label: string;
}

/** A textarea where typing "@" offers matching users to mention (GET user/info/search). */
export function MentionTextarea({ id, value, onChange, onMention, invalid, describedBy, label }: MentionTextareaProps) {
  const { t } = useTranslation();
  const listId = `${useId()}-mentions`;
  const area = useRef<HTMLTextAreaElement>(null);
  const [mention, setMention] = useState<{ start: number; query: string } | null>(null);
  const [query, setQuery] = useState<string | null>(null);
  const [active, setActive] = useState(0);
  const caretAfterPick = useRef<number | null>(null);

  useEffect(() => {
    const timer = setTimeout(() => setQuery(mention ? mention.query : null), LOOKUP_PAUSE_MS);
    return () => clearTimeout(timer);
  }, [mention]);

  const users = useQuery({
    queryKey: ['mention-users', query],
    queryFn: ({ signal }) => searchUsers(query ?? '', signal),
    enabled: query !== null,
    staleTime: 30_000,
  });
  const options = mention && query !== null ? (users.data ?? []) : [];
  const open = options.length > 0;

  const track = (text: string, caret: number) => {
    setMention(mentionAt(text, caret));
    setActive(0);
  };

  const pick = (username: string) => {
    const el = area.current;
    if (!mention || !el) return;
    const next = insertMention(value, mention.start, el.selectionStart, username);
    caretAfterPick.current = next.caret;
    onChange(next.text);
    onMention(username);
    setMention(null);
  };

  // The caret goes after the inserted name in the same commit as the new text: placed any later
  // (a frame later, as before), it jumped back over whatever the person had typed meanwhile.
  useLayoutEffect(() => {
    const el = area.current;
    const caret = caretAfterPick.current;
    if (!el || caret === null) return;
    caretAfterPick.current = null;
    el.focus();
    el.setSelectionRange(caret, caret);
  }, [value]);

  const onKeyDown = (event: KeyboardEvent<HTMLTextAreaElement>) => {
    if (!open) return;
    if (event.key === 'ArrowDown' || event.key === 'ArrowUp') {
      event.preventDefault();
      const step = event.key === 'ArrowDown' ? 1 : -1;
      setActive((i) => (i + step + options.length) % options.length);
    } else if (event.key === 'Enter' || event.key === 'Tab') {
      event.preventDefault();
      pick(options[active]!.username);
    } else if (event.key === 'Escape') {
      setMention(null);
    }
  };

  return (
    <div className="position-relative">
      <textarea
        ref={area}
        id={id}
        className={`form-control form-control-sm ${invalid ? 'is-invalid' : ''}`}
        rows={3}
        value={value}
        aria-label={label}
        aria-invalid={invalid}
        aria-describedby={describedBy}
        role="combobox"
        aria-expanded={open}
        aria-controls={listId}
        aria-autocomplete="list"
        aria-activedescendant={open ? `${listId}-${active}` : undefined}
        onChange={(e) => {
          onChange(e.target.value);
          track(e.target.value, e.target.selectionStart);
        }}
        onKeyDown={onKeyDown}
        onBlur={() => setMention(null)}
      />
      {open && (
        <ul id={listId} role="listbox" aria-label={t('question.comment.mention_list')} className="list-group position-absolute shadow-sm" style={{ zIndex: 10, minWidth: 220 }}>
          {options.map((user, i) => (
            <li
              key={user.id}
              id={`${listId}-${i}`}
              role="option"
              aria-selected={i === active}
              className={`list-group-item list-group-item-action d-flex align-items-center gap-2 small ${i === active ? 'active' : ''}`}
              // mousedown, not click: the textarea's blur would close the list first.
              onMouseDown={(e) => {
                e.preventDefault();
                pick(user.username);
              }}
            >
              <Avatar src={user.avatar} name={user.display_name} size={20} seed={user.username} />
              <span>{user.display_name}</span>
              <span className={i === active ? '' : 'text-body-secondary'}>@{user.username}</span>
            </li>
          ))}
        </ul>
      )}
    </div>
  );
}
