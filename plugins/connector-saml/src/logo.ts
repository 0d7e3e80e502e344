/**
 * The button's icon: a key in a shield, drawn here (no IdP's trademark). Grey rather than
 * currentColor: the site shows icons as images, where currentColor is always black and would
 * vanish on a dark theme.
 */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="#6c757d" stroke-width="2" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
  '<path d="M12 2 4 5v6c0 5 3.4 9.3 8 11 4.6-1.7 8-6 8-11V5z"/>' +
  '<circle cx="12" cy="10" r="2.5"/><path d="M12 12.5V17"/><path d="M12 15h2"/></svg>';
