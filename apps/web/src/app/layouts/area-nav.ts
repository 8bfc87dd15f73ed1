import { IconGauge, IconKey, type IconProps } from '@tabler/icons-react';
import type { Area } from '@tasreeh/shared';
import type { ComponentType } from 'react';

export interface NavItem {
  /** Key in the `layout` namespace. */
  labelKey: string;
  path: string;
  icon: ComponentType<IconProps>;
}

/** The side-drawer links of an area: only screens that exist. */
export function navItemsOf(area: Area): NavItem[] {
  return [
    { labelKey: 'nav.dashboard', path: `/${area}/dashboard`, icon: IconGauge },
    { labelKey: 'nav.changePassword', path: `/${area}/change-password`, icon: IconKey },
  ];
}
