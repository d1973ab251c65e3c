import { describe, expect, inject, it } from 'vitest';
import { browserForFile, openSignedIn, withPage } from './support/browser';
import { tinyPng } from './support/files';
import { sellerApi } from './support/products';
import { createSeller } from './support/sellers';

const baseUrl = inject('baseUrl');
const browser = browserForFile();

describe('avatar', () => {
  it('changes the avatar from the profile card and shows it in the top navigation', async () => {
    const seller = await createSeller(baseUrl);
    await withPage(browser(), { baseUrl }, async ({ page }) => {
      await openSignedIn(page, seller.token, '/profile');
      await page.getByTestId('avatar-button').waitFor();

      // Client checks first: a non-image is refused before any upload.
      await page
        .getByTestId('avatar-input')
        .setInputFiles([
          { name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') },
        ]);
      await page
        .getByTestId('error-banner')
        .getByText('Please choose an image file (JPG, PNG, GIF or WebP).')
        .waitFor();

      await page
        .getByTestId('avatar-input')
        .setInputFiles([{ name: 'me.png', mimeType: 'image/png', buffer: tinyPng(250, 180, 0) }]);
      await page
        .getByTestId('success-banner')
        .getByText('Your profile picture has been updated.')
        .waitFor();

      const image = page.getByTestId('profile-avatar-image');
      await image.waitFor();
      const src = (await image.getAttribute('src')) ?? '';
      expect(src).toContain('/storage/public/');
      const { json } = await sellerApi<{ avatarUrl: string | null }>(
        baseUrl,
        seller.token,
        'GET',
        '/api/auth/profile',
      );
      expect(json.avatarUrl).toBe(src);
      // The top navigation's avatar menu shows the same picture.
      await page.getByTestId('user-menu-trigger').locator(`img[src="${src}"]`).waitFor();
      // And it loads as an image.
      expect(await image.evaluate((element) => (element as HTMLImageElement).naturalWidth)).toBe(4);
    });
  });
});
