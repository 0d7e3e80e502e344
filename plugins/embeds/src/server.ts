import { definePlugin } from '@answer/plugin-sdk';
import { PLATFORMS, platformSwitches, switchLabel } from './platforms.js';

export default definePlugin({
  info: {
    slug_name: 'embeds',
    name: { en_US: 'Embeds', zh_CN: '嵌入内容' },
    description: {
      en_US: 'Shows links to YouTube, Vimeo, CodePen and Loom on a line of their own as embedded players, and GitHub gists as link cards.',
      zh_CN: '将单独成行的 YouTube、Vimeo、CodePen 和 Loom 链接显示为嵌入式播放器，将 GitHub Gist 显示为链接卡片。',
    },
    version: '1.0.0',
    author: 'Answer team',
    sdk: '1.0.0',
  },
  config: {
    fields: PLATFORMS.map((platform) => ({
      name: platform.id,
      type: 'switch' as const,
      title: platform.name,
      label: switchLabel(platform),
      default: true,
    })),
  },
  publicConfig: (values) => ({ platforms: platformSwitches(values) }),
  embed: {
    platforms: (ctx) => platformSwitches(ctx.config()),
    // Only what an enabled platform's player needs: a disabled platform adds nothing to frame-src.
    frameSources: (ctx) => {
      const enabled = new Set(platformSwitches(ctx.config()).filter((s) => s.enable).map((s) => s.platform));
      return PLATFORMS.filter((p) => p.frameOrigin && enabled.has(p.id)).map((p) => p.frameOrigin!);
    },
  },
  web: { dir: 'dist/web', module: 'web.js', styles: ['embeds.css'], adds: ['renderer'] },
});
