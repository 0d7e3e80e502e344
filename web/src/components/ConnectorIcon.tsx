/**
 * A sign-in service's logo: an SVG from a plugin the admin installed, base64-encoded as the API
 * sends it. It is shown as an image (a data: URL), never put into the page as markup: a browser runs
 * no script and loads nothing from an SVG used as an image. Decorative: the service's name is always
 * shown beside it.
 */
export function ConnectorIcon({ icon, size = 20 }: { icon: string; size?: number }) {
  // Anything but base64 text is not an icon (and cannot leave the data: URL).
  if (!icon || !/^[A-Za-z0-9+/]+={0,2}$/.test(icon)) return null;
  return <img src={`data:image/svg+xml;base64,${icon}`} alt="" width={size} height={size} className="flex-shrink-0" data-testid="connector-icon" />;
}
