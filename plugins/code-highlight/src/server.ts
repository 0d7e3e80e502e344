import { definePlugin } from '@answer/plugin-sdk';
import { BASE_STYLESHEET, DEFAULT_THEME, THEME_PAIRS, pairStylesheet, themePair } from './themes.js';

/**
 * The core already highlights code on the server (hljs-* spans); this plugin supplies the colours
 * and nothing else: stylesheets only, so no page loads any of its JavaScript. The server links the
 * base stylesheet and the one pair the admin chose, and re-reads the choice when it is saved; the
 * pair follows the page's light or dark scheme on its own.
 */
export default definePlugin({
  info: {
    slug_name: 'code_highlight',
    name: { en_US: 'Code highlight', zh_CN: '代码高亮' },
    description: {
      en_US: 'Colours for highlighted code blocks, with a light and a dark variant of each theme.',
      zh_CN: '为高亮的代码块配色，每个主题都有浅色和深色两种变体。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: '1.0.0',
  },
  enabledByDefault: true,
  config: {
    fields: [
      {
        name: 'select_theme',
        type: 'select',
        title: { en_US: 'Code theme', zh_CN: '代码主题' },
        description: {
          en_US: 'Each theme has a light and a dark variant; the one matching the reader\'s colour scheme is used.',
          zh_CN: '每个主题都有浅色和深色变体，会按读者当前的配色方案自动选用。',
        },
        required: true,
        default: DEFAULT_THEME,
        options: THEME_PAIRS,
      },
    ],
  },
  // GET /render/config (upstream's API) reports the chosen pair.
  render: {
    config: (ctx) => ({ select_theme: themePair(ctx.config().select_theme) }),
  },
  web: { dir: 'dist/web', styles: (values) => [BASE_STYLESHEET, pairStylesheet(themePair(values.select_theme))] },
});
