import { IconBuilding } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { type NavGroup, navNamespacesOf } from './area-nav.ts';

const link = (labelKey: string) => ({ labelKey, path: `/admin/${labelKey}`, icon: IconBuilding });

describe('navNamespacesOf', () => {
  it('names each feature namespace the labels come from once, and not the layout namespace', () => {
    const groups: NavGroup[] = [
      { items: [link('dashboard')] },
      { section: 'people', items: [link('users:nav'), link('users:groupsNav'), link('students:nav')] },
    ];
    expect(navNamespacesOf(groups)).toEqual(['users', 'students']);
  });
});
