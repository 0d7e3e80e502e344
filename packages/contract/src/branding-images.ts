/**
 * Size rules of the branding images (logo, mobile logo, square icon, favicon), checked by the web
 * before uploading and by the server on POST /file with source=branding. Reasons are i18n keys.
 */
export const BRANDING_FIELDS = ['logo', 'mobile_logo', 'square_icon', 'favicon'] as const;
export type BrandingField = (typeof BRANDING_FIELDS)[number];

/** No branding image needs more: larger ones only slow every page down. */
export const BRANDING_MAX_SIDE = 4096;
export const FAVICON_MAX_SIDE = 512;
/** Home-screen icons (apple-touch-icon, the manifest) want at least this. */
export const SQUARE_ICON_MIN_SIDE = 144;

export interface BrandingProblem {
  reason: string;
  vars: Record<string, number>;
}

/** Why an image of `width` × `height` px does not fit `field` (any branding image when not named), or null. */
export function brandingImageProblem(field: BrandingField | undefined, width: number, height: number): BrandingProblem | null {
  if (width > BRANDING_MAX_SIDE || height > BRANDING_MAX_SIDE) return { reason: 'error.upload.branding_too_large', vars: { max: BRANDING_MAX_SIDE } };
  if (field === 'favicon' && (width !== height || width > FAVICON_MAX_SIDE)) return { reason: 'error.upload.favicon_size', vars: { max: FAVICON_MAX_SIDE } };
  if (field === 'square_icon' && (width !== height || width < SQUARE_ICON_MIN_SIDE)) return { reason: 'error.upload.square_icon_size', vars: { min: SQUARE_ICON_MIN_SIDE } };
  return null;
}

/**
 * What a branding image field may hold: nothing, an upload of this site (`/uploads/...`, as POST
 * /file answers) or an absolute http(s) URL. Never a `javascript:` or `data:` URL, a scheme-relative
 * `//host` or a path climbing out of the uploads: the value becomes a link, an image source and
 * the target of the /favicon.ico redirect.
 */
export function isBrandingImageRef(value: string): boolean {
  if (value === '') return true;
  if (value.startsWith('/uploads/')) return /^\/uploads\/[\w\-./]+$/.test(value) && !value.includes('..') && !value.includes('//');
  return /^https?:\/\/[^\s"'<>\\]+$/i.test(value);
}
