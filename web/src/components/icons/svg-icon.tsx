import type { CSSProperties } from 'react';

export interface SvgIconProps {
  /** An icon's shapes: a `bootstrap-icons/icons/<name>.svg?icon` import (web/bootstrap-icons.ts). */
  shapes: string;
  /** Width and height in pixels, or a CSS length such as '1em' (the default: the size of the text). */
  size?: number | string;
  className?: string;
  style?: CSSProperties;
}

/**
 * Draws a Bootstrap icon inline, in the text's colour. Icons are decoration: the control they sit in
 * carries the name (its text or aria-label), so screen readers skip them.
 */
export function SvgIcon({ shapes, size = '1em', className = '', style }: SvgIconProps) {
  return (
    <svg
      xmlns="http://www.w3.org/2000/svg"
      width={size}
      height={size}
      viewBox="0 0 16 16"
      fill="currentColor"
      className={`bi flex-shrink-0 ${className}`.trim()}
      style={{ verticalAlign: '-0.125em', ...style }}
      aria-hidden="true"
      focusable="false"
      // The icon set's own files, read at build time: never anything a user wrote.
      dangerouslySetInnerHTML={{ __html: shapes }}
    />
  );
}
