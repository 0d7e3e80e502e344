import arrowDown from 'bootstrap-icons/icons/arrow-down.svg?icon';
import arrowUp from 'bootstrap-icons/icons/arrow-up.svg?icon';
import awardFill from 'bootstrap-icons/icons/award-fill.svg?icon';
import bell from 'bootstrap-icons/icons/bell.svg?icon';
import bookmark from 'bootstrap-icons/icons/bookmark.svg?icon';
import bookmarkFill from 'bootstrap-icons/icons/bookmark-fill.svg?icon';
import chatDots from 'bootstrap-icons/icons/chat-dots.svg?icon';
import checkLg from 'bootstrap-icons/icons/check-lg.svg?icon';
import clock from 'bootstrap-icons/icons/clock.svg?icon';
import flagFill from 'bootstrap-icons/icons/flag-fill.svg?icon';
import listCheck from 'bootstrap-icons/icons/list-check.svg?icon';
import pencil from 'bootstrap-icons/icons/pencil.svg?icon';
import peopleFill from 'bootstrap-icons/icons/people-fill.svg?icon';
import questionCircleFill from 'bootstrap-icons/icons/question-circle-fill.svg?icon';
import rssFill from 'bootstrap-icons/icons/rss-fill.svg?icon';
import share from 'bootstrap-icons/icons/share.svg?icon';
import tagsFill from 'bootstrap-icons/icons/tags-fill.svg?icon';

/**
 * The Bootstrap Icons (MIT, (c) The Bootstrap Authors) that the app's shared parts and the question
 * page draw, by their name in the set. A first visit downloads them (its JavaScript has a budget,
 * server/test/first-visit-budget.test.ts): only these, and light ones. Areas loaded later keep their
 * own icons beside them (the editor's toolbar, the admin menu, the list density switch).
 */
export const ICONS = {
  'arrow-down': arrowDown,
  'arrow-up': arrowUp,
  'award-fill': awardFill,
  bell,
  bookmark,
  'bookmark-fill': bookmarkFill,
  'chat-dots': chatDots,
  'check-lg': checkLg,
  clock,
  'flag-fill': flagFill,
  'list-check': listCheck,
  pencil,
  'people-fill': peopleFill,
  'question-circle-fill': questionCircleFill,
  'rss-fill': rssFill,
  share,
  'tags-fill': tagsFill,
};

export type IconName = keyof typeof ICONS;
