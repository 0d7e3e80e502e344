/**
 * Replaces a paragraph that is nothing but a bare link to an enabled platform with the platform's
 * player (in a 16:9 box, the link kept below it) or, for gists, with a link card.
 */
import type { Mount, WebHost } from '@answer/plugin-sdk/web';
import { parseEmbed, type Embed } from './parse.js';
import type { PlatformSwitches } from './platforms.js';

type Host = Pick<WebHost, 'config' | 'translate'>;

const FRAME_TITLES: Record<string, { en_US: string; zh_CN: string }> = {
  youtube: { en_US: 'YouTube video', zh_CN: 'YouTube 视频' },
  vimeo: { en_US: 'Vimeo video', zh_CN: 'Vimeo 视频' },
  codepen: { en_US: 'CodePen demo', zh_CN: 'CodePen 示例' },
  loom: { en_US: 'Loom video', zh_CN: 'Loom 视频' },
};
const GIST_TITLE = { en_US: 'GitHub Gist', zh_CN: 'GitHub Gist' };
const GIST_LINK = { en_US: 'View gist on GitHub', zh_CN: '在 GitHub 上查看 Gist' };

// The players need scripts and their own origin's storage; fullscreen and "watch on ..." popups
// stay possible. Nothing else (no top navigation, no forms, no downloads).
const SANDBOX = 'allow-scripts allow-same-origin allow-presentation allow-popups';

/** The link a paragraph consists of, when it holds one bare link and nothing else. */
export function loneLink(paragraph: HTMLParagraphElement): HTMLAnchorElement | null {
  const content = Array.from(paragraph.childNodes).filter((node) => !(node.nodeType === Node.TEXT_NODE && !node.textContent?.trim()));
  const [link] = content;
  if (content.length !== 1 || !(link instanceof HTMLAnchorElement)) return null;
  const href = link.getAttribute('href');
  return href && link.textContent?.trim() === href ? link : null;
}

function frameFor(embed: Extract<Embed, { src: string }>, host: Host): HTMLElement {
  const box = document.createElement('div');
  box.className = 'answer-embed-frame';
  const iframe = document.createElement('iframe');
  // Attributes rather than properties, so they are in the markup whatever the browser implements.
  iframe.setAttribute('src', embed.src);
  iframe.setAttribute('title', host.translate(FRAME_TITLES[embed.platform]!));
  iframe.setAttribute('loading', 'lazy');
  iframe.setAttribute('allowfullscreen', '');
  iframe.setAttribute('referrerpolicy', 'strict-origin-when-cross-origin');
  iframe.setAttribute('sandbox', SANDBOX);
  // Fullscreen comes from allowfullscreen; naming it here too would make browsers warn.
  iframe.setAttribute('allow', 'picture-in-picture; encrypted-media');
  box.append(iframe);
  return box;
}

function gistCard(embed: Extract<Embed, { platform: 'github_gist' }>, host: Host): HTMLElement {
  const card = document.createElement('div');
  card.className = 'answer-embed answer-embed-card answer-embed-github_gist';
  const title = document.createElement('div');
  title.className = 'answer-embed-card-title';
  title.textContent = `${host.translate(GIST_TITLE)} · ${embed.user} / ${embed.id.slice(0, 12)}`;
  const link = document.createElement('a');
  link.href = embed.href;
  link.rel = 'nofollow noopener noreferrer';
  link.target = '_blank';
  link.textContent = host.translate(GIST_LINK);
  card.append(title, link);
  return card;
}

const enabledPlatforms = (config: Record<string, unknown>) => {
  const switches = Array.isArray(config.platforms) ? (config.platforms as PlatformSwitches) : [];
  return new Set(switches.filter((s) => s && s.enable === true).map((s) => s.platform));
};

export function embedsRenderer(host: Host): Mount {
  const enabled = enabledPlatforms(host.config);
  return (root) => {
    if (enabled.size === 0) return;
    const replaced: [HTMLParagraphElement, HTMLElement][] = [];
    for (const paragraph of Array.from(root.querySelectorAll('p'))) {
      // Not the paragraphs an earlier pass moved under a player.
      if (paragraph.closest('.answer-embed')) continue;
      const link = loneLink(paragraph);
      const embed = link && parseEmbed(link.getAttribute('href')!);
      if (!embed || !enabled.has(embed.platform)) continue;

      let replacement: HTMLElement;
      if (embed.platform === 'github_gist') {
        replacement = gistCard(embed, host);
        paragraph.replaceWith(replacement);
      } else {
        replacement = document.createElement('div');
        replacement.className = `answer-embed answer-embed-${embed.platform}`;
        paragraph.replaceWith(replacement);
        // The original paragraph, link and all, moves under the player.
        paragraph.classList.add('answer-embed-link');
        replacement.append(frameFor(embed, host), paragraph);
      }
      replaced.push([paragraph, replacement]);
    }
    if (replaced.length === 0) return;
    return () => {
      for (const [paragraph, replacement] of replaced) {
        paragraph.classList.remove('answer-embed-link');
        if (!paragraph.classList.length) paragraph.removeAttribute('class');
        replacement.replaceWith(paragraph);
      }
    };
  };
}
