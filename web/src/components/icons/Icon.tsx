import { ICONS, type IconName } from './icons';
import { SvgIcon, type SvgIconProps } from './svg-icon';

export type { IconName };

/** One of the app's icons (components/icons/icons.ts) by name, hidden from screen readers. */
export function Icon({ name, ...props }: { name: IconName } & Omit<SvgIconProps, 'shapes'>) {
  return <SvgIcon shapes={ICONS[name]} {...props} />;
}
