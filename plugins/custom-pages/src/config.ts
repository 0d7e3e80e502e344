/**
 * The admin's form: a group of fields per page slot, under its own heading. The host checks each
 * field's own rules (lengths among them); `validate` checks each page as a whole and the paths
 * against each other.
 */
import type { ConfigFieldSpec, ConfigForm, ConfigValues, FieldError } from '@answer/plugin-sdk';
import { fieldName, MAX_MARKDOWN, MAX_TITLE, type PagePart, slotOf, SLOTS } from './pages.js';
import { MAX_PATH, pathProblem } from './paths.js';

const MESSAGES = {
  incomplete: { en_US: 'A page needs a path, a title and its content', zh_CN: '页面需要同时填写路径、标题和内容' },
  format: {
    en_US: 'Use lower-case letters, digits and -, with / between parts, such as about or help/rules',
    zh_CN: '只能使用小写字母、数字和 -，各部分之间用 / 分隔，例如 about 或 help/rules',
  },
  reserved: (segment: string) => ({
    en_US: `“${segment}” is a name the site uses itself; choose another path`,
    zh_CN: `“${segment}”是本站自身使用的名称，请换一个路径`,
  }),
  duplicate: (slot: number) => ({ en_US: `Page ${slot} already has this path`, zh_CN: `页面 ${slot} 已使用此路径` }),
};

function slotFields(slot: number): ConfigFieldSpec[] {
  return [
    { name: fieldName(slot, 'legend'), type: 'legend', title: { en_US: `Page ${slot}`, zh_CN: `页面 ${slot}` } },
    {
      name: fieldName(slot, 'path'),
      type: 'input',
      title: { en_US: 'Path', zh_CN: '路径' },
      description: {
        en_US:
          'Where the page is: about shows it at /about. Lower-case letters, digits and -, with / between parts (help/rules); ' +
          'not a name the site uses itself, such as questions, tags, users or admin. Leave the path, title and content empty for no page.',
        zh_CN:
          '页面的地址：填写 about 则页面位于 /about。只能使用小写字母、数字和 -，各部分之间用 / 分隔（如 help/rules）；' +
          '不能使用本站自身已用的名称，如 questions、tags、users 或 admin。路径、标题和内容都留空则不设此页面。',
      },
      placeholder: slot === 1 ? 'about' : undefined,
      maxLength: MAX_PATH,
    },
    { name: fieldName(slot, 'title'), type: 'input', title: { en_US: 'Title', zh_CN: '标题' }, maxLength: MAX_TITLE },
    {
      name: fieldName(slot, 'markdown'),
      type: 'textarea',
      title: { en_US: 'Content (Markdown)', zh_CN: '内容（Markdown）' },
      description: {
        en_US: 'Written and shown like a post: the same Markdown, and HTML shown as text.',
        zh_CN: '写法和显示方式与帖子相同：使用相同的 Markdown，HTML 会显示为文本。',
      },
      rows: 12,
      maxLength: MAX_MARKDOWN,
    },
  ];
}

function validate(values: ConfigValues): FieldError[] {
  const errors: FieldError[] = [];
  const slotOfPath = new Map<string, number>();
  for (const slot of SLOTS) {
    const page = slotOf(values, slot);
    const parts: [Exclude<PagePart, 'legend'>, string][] = [
      ['path', page.path],
      ['title', page.title],
      ['markdown', page.markdown],
    ];
    // An empty slot is no page; a partly filled one is a mistake, shown on each missing field.
    if (parts.every(([, text]) => !text)) continue;
    for (const [part, text] of parts) if (!text) errors.push({ field: fieldName(slot, part), message: MESSAGES.incomplete });
    if (!page.path) continue;
    const problem = pathProblem(page.path);
    const earlier = slotOfPath.get(page.path);
    const message = problem?.kind === 'format' ? MESSAGES.format : problem ? MESSAGES.reserved(problem.segment) : earlier ? MESSAGES.duplicate(earlier) : null;
    if (message) errors.push({ field: fieldName(slot, 'path'), message });
    else slotOfPath.set(page.path, slot);
  }
  return errors;
}

export const config: ConfigForm = { fields: SLOTS.flatMap(slotFields), validate };
