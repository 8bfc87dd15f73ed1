import { IconBuilding } from '@tabler/icons-react';
import { describe, expect, it } from 'vitest';
import { areaTables } from '../route-table.ts';
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

describe('the declared links', () => {
  it('give each link of an area and heading its own place, so the order never depends on the table', () => {
    for (const table of areaTables) {
      const places = table.pages.flatMap((page) =>
        page.nav ? [`${page.nav.section ?? '-'} ${page.nav.order}`] : [],
      );
      expect(new Set(places).size, table.area).toBe(places.length);
    }
  });
});
