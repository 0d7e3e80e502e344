/**
 * A sign-in service's logo. The SVG comes from a plugin the admin installed, so it is shown as an
 * image (a data: URL), never put into the page as markup: a browser runs no script and loads
 * nothing from an SVG used as an image. Decorative: the service's name is always shown beside it.
 */
export function ConnectorIcon({ svg, size = 20 }: { svg: string; size?: number }) {
  if (!svg) return null;
  return <img src={`data:image/svg+xml;charset=utf-8,${encodeURIComponent(svg)}`} alt="" width={size} height={size} className="flex-shrink-0" data-testid="connector-icon" />;
}
