/**
 * Reads a link as an embed, strictly: the host must be one of the platform's own (compared whole,
 * so youtube.com.evil.example never matches), and each id must consist of the characters that
 * platform's ids use. The player's address is then built from those parts alone, never from the
 * link's own text, so nothing the author wrote reaches the iframe's src unchecked.
 */
export type Embed =
  | { platform: 'youtube' | 'vimeo' | 'codepen' | 'loom'; src: string }
  | { platform: 'github_gist'; user: string; id: string; href: string };

const YOUTUBE_ID = /^[A-Za-z0-9_-]{11}$/;
const VIMEO_ID = /^\d{1,12}$/;
const VIMEO_HASH = /^[0-9a-f]{6,20}$/;
const CODEPEN_USER = /^[A-Za-z0-9_-]{1,50}$/;
const CODEPEN_PEN = /^[A-Za-z0-9]{3,12}$/;
const GITHUB_USER = /^[A-Za-z0-9](?:[A-Za-z0-9-]{0,38})$/;
const GIST_ID = /^(?:[0-9a-f]{7,40}|\d{1,12})$/;
const LOOM_ID = /^[0-9a-f]{32}$/;

/** YouTube's t= / start=: plain seconds ("90", "90s") or "1h2m3s". */
function youtubeStart(value: string | null): number | undefined {
  if (!value) return undefined;
  const match = /^(?:(\d{1,2})h)?(?:(\d{1,3})m)?(?:(\d{1,5})s?)?$/.exec(value);
  if (!match) return undefined;
  const seconds = Number(match[1] ?? 0) * 3600 + Number(match[2] ?? 0) * 60 + Number(match[3] ?? 0);
  return seconds > 0 ? seconds : undefined;
}

/** The path's segments, ignoring one trailing slash. */
const segments = (url: URL) => url.pathname.replace(/\/$/, '').split('/').slice(1);

function youtube(url: URL): Embed | null {
  let id: string | undefined;
  const [first, second, ...rest] = segments(url);
  if (url.hostname === 'youtu.be') {
    if (second === undefined) id = first;
  } else if (first === 'watch' && second === undefined) {
    id = url.searchParams.get('v') ?? undefined;
  } else if ((first === 'embed' || first === 'shorts' || first === 'live') && rest.length === 0) {
    id = second;
  }
  if (!id || !YOUTUBE_ID.test(id)) return null;
  const start = youtubeStart(url.searchParams.get('t') ?? url.searchParams.get('start'));
  return { platform: 'youtube', src: `https://www.youtube-nocookie.com/embed/${id}${start ? `?start=${start}` : ''}` };
}

function vimeo(url: URL): Embed | null {
  const parts = segments(url);
  let id: string | undefined;
  let hash: string | undefined;
  if (url.hostname === 'player.vimeo.com') {
    if (parts[0] === 'video' && parts.length === 2) [id, hash] = [parts[1], url.searchParams.get('h') ?? undefined];
  } else if (parts.length === 1 || parts.length === 2) {
    // vimeo.com/123 and, for unlisted videos, vimeo.com/123/abcdef0123.
    [id, hash] = parts;
  }
  if (!id || !VIMEO_ID.test(id) || (hash !== undefined && !VIMEO_HASH.test(hash))) return null;
  // dnt=1: the player sets no tracking cookies, like YouTube's no-cookie host.
  return { platform: 'vimeo', src: `https://player.vimeo.com/video/${id}?${hash ? `h=${hash}&` : ''}dnt=1` };
}

function codepen(url: URL): Embed | null {
  const [user, kind, pen, ...rest] = segments(url);
  if (rest.length || !user || !pen || !['pen', 'full', 'details', 'embed'].includes(kind ?? '')) return null;
  if (!CODEPEN_USER.test(user) || !CODEPEN_PEN.test(pen)) return null;
  return { platform: 'codepen', src: `https://codepen.io/${user}/embed/${pen}?default-tab=result` };
}

function loom(url: URL): Embed | null {
  const [kind, id, ...rest] = segments(url);
  if (rest.length || (kind !== 'share' && kind !== 'embed') || !id || !LOOM_ID.test(id)) return null;
  return { platform: 'loom', src: `https://www.loom.com/embed/${id}` };
}

function gist(url: URL): Embed | null {
  const [user, id, ...rest] = segments(url);
  if (rest.length || !user || !id || !GITHUB_USER.test(user) || !GIST_ID.test(id)) return null;
  return { platform: 'github_gist', user, id, href: `https://gist.github.com/${user}/${id}` };
}

const BY_HOST: Record<string, (url: URL) => Embed | null> = {
  'www.youtube.com': youtube,
  'youtube.com': youtube,
  'm.youtube.com': youtube,
  'youtu.be': youtube,
  'vimeo.com': vimeo,
  'www.vimeo.com': vimeo,
  'player.vimeo.com': vimeo,
  'codepen.io': codepen,
  'www.loom.com': loom,
  'loom.com': loom,
  'gist.github.com': gist,
};

/** The embed a link stands for, or null for anything else (other sites, other schemes, odd ids). */
export function parseEmbed(href: string): Embed | null {
  let url: URL;
  try {
    url = new URL(href);
  } catch {
    return null; // relative or malformed
  }
  if (url.protocol !== 'https:' && url.protocol !== 'http:') return null;
  if (url.username || url.password || url.port) return null;
  const parse = Object.hasOwn(BY_HOST, url.hostname) ? BY_HOST[url.hostname] : undefined;
  return parse ? parse(url) : null;
}
