import type { Corporate, CorporateAttachment } from '@tasreeh/shared';

/** The id of a corporate's stored copy of a kind, or null. */
export function storedFileOf(corporate: Corporate | undefined, kind: CorporateAttachment): string | null {
  if (!corporate) return null;
  return kind === 'crCopy' ? corporate.crCopyFileId : corporate.licenceCopyFileId;
}

/** Where a screen of one corporate is. */
export const corporatePaths = {
  list: '/admin/corporate',
  add: '/admin/corporate/add-new',
  profile: (id: number | string) => `/admin/corporate/profile/${id}`,
  view: (id: number | string) => `/admin/corporate/view/${id}`,
  edit: (id: number | string) => `/admin/corporate/edit/${id}`,
};
