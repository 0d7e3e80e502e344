import type { loadSiteSettings } from './service.js';

type Settings = Awaited<ReturnType<typeof loadSiteSettings>>;

const IMAGE_TYPES: Record<string, string> = { png: 'image/png', jpg: 'image/jpeg', jpeg: 'image/jpeg', gif: 'image/gif', webp: 'image/webp' };

/** One manifest icon; uploads keep their format's extension (features/upload/service.ts). */
function icon(src: string, purpose: string) {
  const type = IMAGE_TYPES[src.split('?')[0]!.split('.').pop()?.toLowerCase() ?? ''];
  return { src, sizes: 'any', purpose, ...(type ? { type } : {}) };
}

/** The web app manifest of the site: its name, the branding icons and the theme's primary colour. */
export function webManifest(settings: Settings) {
  const { name, short_description } = settings.general;
  const { square_icon, favicon } = settings.branding;
  const primary = settings.theme.theme_config?.[settings.theme.theme]?.primary_color ?? '#0033ff';
  const icons = [square_icon, favicon].filter(Boolean).map((src) => icon(src, 'any'));
  return {
    name,
    // Home screens cut longer names.
    short_name: name.length > 12 ? name.slice(0, 12).trim() : name,
    ...(short_description ? { description: short_description } : {}),
    start_url: '/',
    display: 'standalone',
    theme_color: primary,
    background_color: '#ffffff',
    icons,
  };
}
