import type { Translatable } from '@answer/plugin-sdk';

export const MAX_SVG_LENGTH = 20_000;

// Elements that run script, embed other documents or change attributes after load (SMIL `set`
// and `animate` can turn an href into javascript: once the image is shown).
const FORBIDDEN_ELEMENT = /<\s*(script|foreignobject|iframe|frame|embed|object|handler|listener|set|animate\w*|discard)\b/i;
// Event handlers, also after a slash (`<svg/onload=...>`), which HTML parsers accept as a separator.
const EVENT_ATTRIBUTE = /[\s/"']on[a-z]+\s*=/i;
const SCRIPT_URL = /(?:java|vb)script\s*:/i;
// Links may point inside the icon (#id) or at an inline raster image, never at another address.
const HREF_VALUE = /\bhref\s*=\s*(["'])(.*?)\1/gis;
const SAFE_HREF = /^(#[\w.-]+|data:image\/(?:png|jpeg|gif|webp);base64,[A-Za-z0-9+/=\s]+)$/;
const CSS_URL = /url\s*\(\s*(?!["']?#)/i;

/**
 * Why a pasted icon is refused, or null: it must be one `<svg>` document with nothing that runs
 * script or loads anything from elsewhere. The host shows the icon inline on the login page, so
 * this is the plugin's part; the host's own sanitising of plugin icons stays the last word.
 */
export function svgProblem(svg: string): Translatable | null {
  if (svg.length > MAX_SVG_LENGTH) return { en_US: `The icon is too long (at most ${MAX_SVG_LENGTH} characters).`, zh_CN: `图标内容过长（最多 ${MAX_SVG_LENGTH} 个字符）。` };
  // An XML declaration and comments may come first, as editors write them.
  const body = svg.replace(/^\s*(<\?xml[^>]*\?>\s*)?(<!--[\s\S]*?-->\s*)*/, '');
  if (!/^<svg[\s>]/i.test(body) || !/<\/svg>\s*$/i.test(body)) {
    return { en_US: 'Paste an SVG document: it starts with <svg and ends with </svg>.', zh_CN: '请粘贴 SVG 文档：以 <svg 开头、以 </svg> 结尾。' };
  }
  // DOCTYPE and ENTITY declarations (entity expansion attacks) and CDATA sections (which hide text from these checks).
  if (/<!(?!--)/.test(body)) return { en_US: 'The icon may not contain <!DOCTYPE>, <!ENTITY> or CDATA sections.', zh_CN: '图标中不能包含 <!DOCTYPE>、<!ENTITY> 或 CDATA 段。' };
  const forbidden = FORBIDDEN_ELEMENT.exec(body);
  if (forbidden) return { en_US: `The icon may not contain <${forbidden[1]}> elements.`, zh_CN: `图标中不能包含 <${forbidden[1]}> 元素。` };
  if (EVENT_ATTRIBUTE.test(body)) return { en_US: 'The icon may not contain event attributes (onload, onclick...).', zh_CN: '图标中不能包含事件属性（onload、onclick 等）。' };
  if (SCRIPT_URL.test(body)) return { en_US: 'The icon may not contain javascript: addresses.', zh_CN: '图标中不能包含 javascript: 地址。' };
  // An unquoted value is not XML, but an HTML parser reading the icon inline would take it.
  const unquoted = /\bhref\s*=\s*(?!["'])/i.test(body);
  const hrefs = [...body.matchAll(HREF_VALUE)].map((match) => (match[2] ?? '').trim());
  if (unquoted || hrefs.some((href) => !SAFE_HREF.test(href))) {
    return { en_US: 'Links in the icon may only point inside it (#id) or at an inline image.', zh_CN: '图标中的链接只能指向图标内部（#id）或内嵌图片。' };
  }
  if (CSS_URL.test(body) || /@import/i.test(body)) return { en_US: 'Styles in the icon may not load anything from elsewhere (url(...), @import).', zh_CN: '图标中的样式不能从其他地址加载内容（url(...)、@import）。' };
  return null;
}
