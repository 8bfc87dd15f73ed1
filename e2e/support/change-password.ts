import type { Page } from '@playwright/test';
import type { Language } from './language.ts';

const LABELS = {
  en: { old: 'Old password', new: 'New password', confirm: 'Confirm new password', submit: 'Submit' },
  ar: {
    old: 'كلمة المرور القديمة',
    new: 'كلمة المرور الجديدة',
    confirm: 'تأكيد كلمة المرور الجديدة',
    submit: 'إرسال',
  },
} as const;

/** Fills the change-password form and submits it. */
export async function submitChange(
  page: Page,
  language: Language,
  change: { old: string; new: string; confirm: string },
) {
  const labels = LABELS[language];
  await page.getByLabel(new RegExp(`^${labels.old}`)).fill(change.old);
  await page.getByLabel(new RegExp(`^${labels.new}`)).fill(change.new);
  await page.getByLabel(new RegExp(`^${labels.confirm}`)).fill(change.confirm);
  await page.getByRole('button', { name: labels.submit }).click();
}
