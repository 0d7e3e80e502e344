/**
 * The admin's form: the box's title and the links as text, one a line. The host checks each field's
 * own rules; `validate` reads the links and names every line that is not one.
 */
import type { ConfigForm, ConfigValues, FieldError, Translatable } from '@answer/plugin-sdk';
import { type LineProblem, MAX_LABEL, MAX_LINKS, readLinks } from './links.js';

const MAX_TITLE = 80;

/** A saved text field's value ('' for one never saved). */
export const textOf = (value: unknown) => (typeof value === 'string' ? value.trim() : '');

const PROBLEMS: Record<LineProblem, { en_US: string; zh_CN: string }> = {
  format: { en_US: 'write it as “Label | https://address”', zh_CN: '请写成“标签 | https://地址”' },
  label_missing: { en_US: 'the label before “|” is missing', zh_CN: '“|”前缺少标签' },
  label_too_long: { en_US: `the label is longer than ${MAX_LABEL} characters`, zh_CN: `标签超过 ${MAX_LABEL} 个字符` },
  url: {
    en_US: 'the address must start with http://, https:// or / (a page of this site)',
    zh_CN: '地址必须以 http://、https:// 或 /（本站页面）开头',
  },
  too_many: { en_US: `there can be at most ${MAX_LINKS} links`, zh_CN: `最多只能有 ${MAX_LINKS} 个链接` },
};

/** Every line's problem in one message: the admin's form shows a single message per field. */
function linesMessage(problems: { line: number; problem: LineProblem }[]): Translatable {
  return {
    en_US: problems.map(({ line, problem }) => `Line ${line}: ${PROBLEMS[problem].en_US}.`).join(' '),
    zh_CN: problems.map(({ line, problem }) => `第 ${line} 行：${PROBLEMS[problem].zh_CN}。`).join(''),
  };
}

export const config: ConfigForm = {
  fields: [
    {
      name: 'title',
      type: 'input',
      title: { en_US: 'Box title', zh_CN: '标题' },
      description: {
        en_US: 'Shown above the links. Leave it empty to show “Links” in the reader’s language.',
        zh_CN: '显示在链接上方。留空则按读者的语言显示“链接”。',
      },
      maxLength: MAX_TITLE,
    },
    {
      name: 'links',
      type: 'textarea',
      title: { en_US: 'Links', zh_CN: '链接' },
      description: {
        en_US:
          `One link per line, written as “Label | address”. The address is either a full address starting with http:// or https://, ` +
          `which opens in a new tab, or a page of this site starting with /, such as /tags. ` +
          `At most ${MAX_LINKS} links, labels up to ${MAX_LABEL} characters; empty lines are skipped. The box is hidden while there are no links.`,
        zh_CN:
          `每行一个链接，格式为“标签 | 地址”。地址可以是以 http:// 或 https:// 开头的完整地址（在新标签页中打开），` +
          `也可以是以 / 开头的本站页面，例如 /tags。最多 ${MAX_LINKS} 个链接，标签最多 ${MAX_LABEL} 个字符；空行会被忽略。没有链接时不显示此框。`,
      },
      placeholder: {
        en_US: 'Community rules | /help/rules\nProject website | https://example.com',
        zh_CN: '社区规则 | /help/rules\n项目网站 | https://example.com',
      },
      rows: 10,
    },
  ],
  validate(values: ConfigValues): FieldError[] {
    const { problems } = readLinks(textOf(values.links));
    return problems.length ? [{ field: 'links', message: linesMessage(problems) }] : [];
  },
};
