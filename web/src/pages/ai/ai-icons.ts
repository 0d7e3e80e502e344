import clipboard from 'bootstrap-icons/icons/clipboard.svg?icon';
import clipboardCheck from 'bootstrap-icons/icons/clipboard-check.svg?icon';
import flag from 'bootstrap-icons/icons/flag.svg?icon';
import plus from 'bootstrap-icons/icons/plus-lg.svg?icon';
import send from 'bootstrap-icons/icons/send.svg?icon';
import thumbsDown from 'bootstrap-icons/icons/hand-thumbs-down.svg?icon';
import thumbsDownFill from 'bootstrap-icons/icons/hand-thumbs-down-fill.svg?icon';
import thumbsUp from 'bootstrap-icons/icons/hand-thumbs-up.svg?icon';
import thumbsUpFill from 'bootstrap-icons/icons/hand-thumbs-up-fill.svg?icon';
import trash from 'bootstrap-icons/icons/trash.svg?icon';

/** The assistant's Bootstrap Icons: they download with its pages only, not with a first visit. */
export const AI_ICONS = { clipboard, clipboardCheck, flag, plus, send, thumbsDown, thumbsDownFill, thumbsUp, thumbsUpFill, trash };
