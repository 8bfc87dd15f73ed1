import { expect, type Page } from '@playwright/test';

/** Waits for a notification (toast) with this text. */
export async function expectToast(page: Page, message: string): Promise<void> {
  await expect(page.locator('.mantine-Notification-root').filter({ hasText: message }).first()).toBeVisible();
}

/** Closes every toast, so that a screenshot or an axe run sees the screen alone. */
export async function dismissToasts(page: Page): Promise<void> {
  await page.evaluate(() => {
    for (const button of document.querySelectorAll<HTMLButtonElement>('.mantine-Notification-closeButton')) {
      button.click();
    }
  });
  await expect(page.locator('.mantine-Notification-root')).toHaveCount(0);
}
