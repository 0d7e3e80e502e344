import award from 'bootstrap-icons/icons/award.svg?icon';
import fileText from 'bootstrap-icons/icons/file-text.svg?icon';
import gear from 'bootstrap-icons/icons/gear.svg?icon';
import journalText from 'bootstrap-icons/icons/journal-text.svg?icon';
import list from 'bootstrap-icons/icons/list.svg?icon';
import palette from 'bootstrap-icons/icons/palette.svg?icon';
import people from 'bootstrap-icons/icons/people.svg?icon';
import puzzle from 'bootstrap-icons/icons/puzzle.svg?icon';
import speedometer2 from 'bootstrap-icons/icons/speedometer2.svg?icon';

/** The admin menu's Bootstrap Icons, by top-level menu key (menu.ts): they download with the console only. */
export const MENU_ICONS: Record<string, string> = {
  dashboard: speedometer2,
  contents: fileText,
  users: people,
  moderation_log: journalText,
  badges: award,
  customize: palette,
  settings: gear,
  plugins: puzzle,
};

/** The button that opens the menu on narrow screens. */
export const MENU_BUTTON_ICON = list;
