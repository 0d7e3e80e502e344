/** The login choice's icon: an office building with a key, drawn in currentColor so it follows the theme. */
export const LOGO_SVG =
  '<svg xmlns="http://www.w3.org/2000/svg" viewBox="0 0 24 24" width="24" height="24" fill="none" stroke="currentColor" stroke-width="1.6" stroke-linecap="round" stroke-linejoin="round" aria-hidden="true">' +
  '<path d="M3 21V4.5A1.5 1.5 0 0 1 4.5 3h8A1.5 1.5 0 0 1 14 4.5V11"/>' +
  '<path d="M6.5 7h1M10 7h1M6.5 10.5h1M10 10.5h1M6.5 14h1"/>' +
  '<path d="M2 21h9M6.5 21v-3.5h3V21"/>' +
  '<circle cx="16" cy="15" r="2.5"/>' +
  '<path d="M18 16.5 22 20.5M20.5 19l-1.2 1.2M22 20.5l-1 1"/>' +
  '</svg>';
