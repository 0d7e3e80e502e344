/**
 * The built-in button icons: a key for any provider, and a lettered badge in each preset
 * provider's colour. They are deliberately not the providers' logos (those are trademarks with
 * their own usage rules); an admin who wants the official mark pastes it as a custom icon.
 */
export type IconId = 'key' | 'google' | 'microsoft' | 'gitlab' | 'keycloak' | 'authentik' | 'github';

// Grey rather than currentColor: the site shows icons as images, where currentColor is always
// black and would vanish on a dark theme.
export const KEY_ICON =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="#6c757d" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
  '<circle cx="7.5" cy="15.5" r="4.5"/><path d="M10.7 12.3 20 3"/><path d="M16.5 6.5 19 9"/><path d="M14 9l2 2"/></svg>';

function badge(color: string, letters: string): string {
  const size = letters.length > 1 ? 10 : 14;
  return (
    '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" aria-hidden="true">' +
    `<rect width="24" height="24" rx="5" fill="${color}"/>` +
    `<text x="12" y="${letters.length > 1 ? 15.5 : 17}" text-anchor="middle" font-family="Arial, Helvetica, sans-serif" font-size="${size}" font-weight="700" fill="#fff">${letters}</text></svg>`
  );
}

const ICONS: Record<IconId, string> = {
  key: KEY_ICON,
  google: badge('#4285F4', 'G'),
  microsoft: badge('#0078D4', 'M'),
  gitlab: badge('#FC6D26', 'GL'),
  keycloak: badge('#008AAA', 'K'),
  authentik: badge('#FD4B2D', 'A'),
  github: badge('#24292F', 'GH'),
};

export const builtInIcon = (id: IconId): string => ICONS[id];
