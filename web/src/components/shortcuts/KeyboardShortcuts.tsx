import { useEffect, useState } from 'react';
import { useNavigate } from 'react-router';
import { deferred } from '../deferred';
import { shortcutOf } from './keys';

// The list of keys is opened rarely: its dialog's code loads when first shown.
const ShortcutHelp = deferred(() => import('./ShortcutHelp').then((m) => m.ShortcutHelp));

/** Site-wide keys: "/" to the search box, "a" to ask a question, "?" for this list. */
export function KeyboardShortcuts() {
  const navigate = useNavigate();
  const [helpShown, setHelpShown] = useState(false);
  useEffect(() => {
    const onKey = (event: KeyboardEvent) => {
      const key = shortcutOf(event);
      if (!key) return;
      event.preventDefault();
      if (key === '/') document.querySelector<HTMLInputElement>('form[role="search"] input')?.focus();
      else if (key === 'a') navigate('/questions/ask');
      else setHelpShown(true);
    };
    document.addEventListener('keydown', onKey);
    return () => document.removeEventListener('keydown', onKey);
  }, [navigate]);
  return helpShown ? <ShortcutHelp onClose={() => setHelpShown(false)} /> : null;
}
