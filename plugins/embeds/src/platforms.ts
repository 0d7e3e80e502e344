/**
 * The platforms whose links can show as embeds, shared by the server part (config, frame-src) and
 * the web part (which links to turn into players).
 */
import type { ConfigValues, Translatable } from '@answer/plugin-sdk';

export interface Platform {
  id: string;
  name: string;
  /** The origin its player is framed from (the CSP's frame-src); none for link cards. */
  frameOrigin?: string;
}

export const PLATFORMS: Platform[] = [
  { id: 'youtube', name: 'YouTube', frameOrigin: 'https://www.youtube-nocookie.com' },
  { id: 'vimeo', name: 'Vimeo', frameOrigin: 'https://player.vimeo.com' },
  { id: 'codepen', name: 'CodePen', frameOrigin: 'https://codepen.io' },
  { id: 'loom', name: 'Loom', frameOrigin: 'https://www.loom.com' },
  // A gist's own embed is a <script>, which the CSP forbids: gists become link cards instead.
  { id: 'github_gist', name: 'GitHub Gist' },
];

export type PlatformSwitches = { platform: string; enable: boolean }[];

/** A switch's saved value; a never-saved one is on (the form's default). */
const isOn = (value: unknown) => value === undefined || value === true || value === 'true';

export const platformSwitches = (values: ConfigValues): PlatformSwitches =>
  PLATFORMS.map((platform) => ({ platform: platform.id, enable: isOn(values[platform.id]) }));

export const switchLabel = (platform: Platform): Translatable => ({
  en_US: `Show ${platform.name} links as embeds`,
  zh_CN: `将 ${platform.name} 链接显示为嵌入内容`,
});
