/** The primary colour of a site that has not chosen one (the contract's default). */
export const DEFAULT_PRIMARY_COLOR = '#0033ff';

type Rgb = [number, number, number];

const parse = (hex: string): Rgb | null => {
  const m = /^#?([0-9a-f]{2})([0-9a-f]{2})([0-9a-f]{2})$/i.exec(hex.trim());
  return m ? [parseInt(m[1]!, 16), parseInt(m[2]!, 16), parseInt(m[3]!, 16)] : null;
};
const hex = (c: Rgb) => `#${c.map((v) => Math.round(v).toString(16).padStart(2, '0')).join('')}`;
/** Bootstrap's shade-color/tint-color: mixed with black or white by `weight` (0..1). */
const mix = (c: Rgb, other: number, weight: number): Rgb => c.map((v) => v + (other - v) * weight) as Rgb;
const rgb = (c: Rgb) => c.map(Math.round).join(',');

/**
 * Bootstrap 5.3 CSS that makes `color` the primary colour: the root variables (links, subtle
 * backgrounds) and the components that compile the primary colour into their own variables
 * (buttons, pills, pagination, checks, focus rings). Shades and tints follow Bootstrap's own
 * steps; the dark scheme uses the lighter tints, as Bootstrap does. Empty for an invalid colour.
 */
export function primaryColorCss(color: string): string {
  const c = parse(color);
  if (!c) return '';
  const base = hex(c);
  const shade = (w: number) => hex(mix(c, 0, w));
  const tint = (w: number) => mix(c, 255, w);
  const darkLink = tint(0.4);
  const darkLinkHover = tint(0.55);
  return `:root,[data-bs-theme=light]{--bs-primary:${base};--bs-primary-rgb:${rgb(c)};--bs-link-color:${base};--bs-link-color-rgb:${rgb(c)};--bs-link-hover-color:${shade(0.2)};--bs-link-hover-color-rgb:${rgb(mix(c, 0, 0.2))};--bs-primary-text-emphasis:${shade(0.6)};--bs-primary-bg-subtle:${hex(tint(0.8))};--bs-primary-border-subtle:${hex(tint(0.6))}}
[data-bs-theme=dark]{--bs-primary:${base};--bs-primary-rgb:${rgb(c)};--bs-link-color:${hex(darkLink)};--bs-link-color-rgb:${rgb(darkLink)};--bs-link-hover-color:${hex(darkLinkHover)};--bs-link-hover-color-rgb:${rgb(darkLinkHover)};--bs-primary-text-emphasis:${hex(tint(0.4))};--bs-primary-bg-subtle:${hex(mix(c, 0, 0.8))};--bs-primary-border-subtle:${hex(mix(c, 0, 0.4))}}
.btn-primary{--bs-btn-bg:${base};--bs-btn-border-color:${base};--bs-btn-hover-bg:${shade(0.15)};--bs-btn-hover-border-color:${shade(0.2)};--bs-btn-active-bg:${shade(0.2)};--bs-btn-active-border-color:${shade(0.25)};--bs-btn-disabled-bg:${base};--bs-btn-disabled-border-color:${base};--bs-btn-focus-shadow-rgb:${rgb(c)}}
.btn-outline-primary{--bs-btn-color:${base};--bs-btn-border-color:${base};--bs-btn-hover-bg:${base};--bs-btn-hover-border-color:${base};--bs-btn-active-bg:${base};--bs-btn-active-border-color:${base};--bs-btn-disabled-color:${base};--bs-btn-disabled-border-color:${base};--bs-btn-focus-shadow-rgb:${rgb(c)}}
.btn-link{--bs-btn-color:var(--bs-link-color);--bs-btn-hover-color:var(--bs-link-hover-color);--bs-btn-active-color:var(--bs-link-hover-color)}
.nav-pills{--bs-nav-pills-link-active-bg:${base}}.nav{--bs-nav-link-color:var(--bs-link-color);--bs-nav-link-hover-color:var(--bs-link-hover-color)}
.pagination{--bs-pagination-color:var(--bs-link-color);--bs-pagination-hover-color:var(--bs-link-hover-color);--bs-pagination-active-bg:${base};--bs-pagination-active-border-color:${base};--bs-pagination-focus-box-shadow:0 0 0 .25rem rgba(${rgb(c)},.25)}
.dropdown-menu{--bs-dropdown-link-active-bg:${base}}.list-group{--bs-list-group-active-bg:${base};--bs-list-group-active-border-color:${base}}
.form-check-input:checked{background-color:${base};border-color:${base}}
.form-control:focus,.form-select:focus,.form-check-input:focus{border-color:${hex(tint(0.5))};box-shadow:0 0 0 .25rem rgba(${rgb(c)},.25)}
.text-bg-primary{background-color:${base}!important}`;
}
