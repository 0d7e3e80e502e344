import codeSlash from 'bootstrap-icons/icons/code-slash.svg?icon';
import dashLg from 'bootstrap-icons/icons/dash-lg.svg?icon';
import image from 'bootstrap-icons/icons/image.svg?icon';
import indent from 'bootstrap-icons/icons/indent.svg?icon';
import link45deg from 'bootstrap-icons/icons/link-45deg.svg?icon';
import listOl from 'bootstrap-icons/icons/list-ol.svg?icon';
import listUl from 'bootstrap-icons/icons/list-ul.svg?icon';
import questionCircle from 'bootstrap-icons/icons/question-circle.svg?icon';
import quote from 'bootstrap-icons/icons/quote.svg?icon';
import table from 'bootstrap-icons/icons/table.svg?icon';
import typeBold from 'bootstrap-icons/icons/type-bold.svg?icon';
import typeH2 from 'bootstrap-icons/icons/type-h2.svg?icon';
import typeItalic from 'bootstrap-icons/icons/type-italic.svg?icon';
import unindent from 'bootstrap-icons/icons/unindent.svg?icon';

/**
 * The toolbar's Bootstrap Icons, by button id (toolbar-items.ts). Kept beside the editor rather than in
 * the app's icon set: they download with the editor, not with every page.
 */
export const TOOLBAR_ICONS: Record<string, string> = {
  heading: typeH2,
  bold: typeBold,
  italic: typeItalic,
  code: codeSlash,
  link: link45deg,
  blockquote: quote,
  image,
  table,
  ordered_list: listOl,
  bullet_list: listUl,
  indent,
  outdent: unindent,
  hr: dashLg,
  help: questionCircle,
};
