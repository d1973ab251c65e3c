import { tinyPng } from './support/files';
import { expect, test } from './support/fixtures';

test.describe('avatar', () => {
  test('changes the avatar from the profile card and shows it in the top navigation', async ({
    page,
    api,
  }) => {
    await page.goto('/profile');
    await expect(page.getByTestId('avatar-button')).toBeVisible();

    // Client checks first: a non-image is refused before any upload.
    await page
      .getByTestId('avatar-input')
      .setInputFiles([{ name: 'notes.txt', mimeType: 'text/plain', buffer: Buffer.from('hello') }]);
    await expect(page.getByTestId('error-banner')).toContainText(
      'Please choose an image file (JPG, PNG, GIF or WebP).',
    );

    await page
      .getByTestId('avatar-input')
      .setInputFiles([{ name: 'me.png', mimeType: 'image/png', buffer: tinyPng(250, 180, 0) }]);
    await expect(page.getByTestId('success-banner')).toContainText(
      'Your profile picture has been updated.',
    );

    const image = page.getByTestId('profile-avatar-image');
    await expect(image).toHaveAttribute('src', /\/storage\/public\//);
    const src = (await image.getAttribute('src')) ?? '';
    const { data: profile } = await api.GET('/api/auth/profile');
    expect(profile?.avatarUrl).toBe(src);
    // The top navigation's avatar menu shows the same picture.
    await expect(page.getByTestId('user-menu-trigger').locator(`img[src="${src}"]`)).toBeVisible();
    // And it loads as an image.
    await expect
      .poll(() => image.evaluate((element) => (element as HTMLImageElement).naturalWidth))
      .toBe(4);
  });
});
