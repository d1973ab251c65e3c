import { expect, failedRequest, signIn, stored, test } from './support/fixtures';
import { expiredToken } from './support/sellers';

test.describe('access guard', () => {
  test('sends a visitor without a token from a guarded URL to /login, replacing history', async ({
    page,
  }) => {
    const infos: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'info') infos.push(message.text());
    });
    await page.goto('/signup');
    await expect(page.getByRole('heading', { name: 'Create your seller account' })).toBeVisible();
    await page.goto('/profile');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect(page.getByRole('heading', { name: 'Welcome back' })).toBeVisible();
    expect(infos.some((text) => text.includes('Not signed in'))).toBe(true);
    // The guarded URL was replaced by /login: going back returns to the page before it.
    await page.goBack();
    await expect(page).toHaveURL((url) => url.pathname === '/signup');
  });

  test('removes an expired token and lands on /login', async ({ page, context, run }) => {
    await signIn(context, run.baseUrl, expiredToken());
    await page.goto('/profile');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect.poll(() => stored(page, 'token')).toBeNull();
  });

  test('removes an unreadable token and lands on /login', async ({ page, context, run }) => {
    await signIn(context, run.baseUrl, 'not-a-token');
    await page.goto('/');
    await expect(page).toHaveURL((url) => url.pathname === '/login');
    await expect.poll(() => stored(page, 'token')).toBeNull();
  });

  test.describe('with a token revoked elsewhere', () => {
    test.use({ allowConsoleErrors: [failedRequest(401)] });

    test('logs out on a 401 from the API', async ({ page, seller, api }) => {
      await page.goto('/');
      await expect(page.getByText(`Welcome, ${seller.nickname}!`)).toBeVisible();
      // Logging out elsewhere revokes every token of the seller.
      expect((await api.POST('/api/auth/logout')).response.status).toBe(204);
      await page.goto('/profile');
      await expect(page).toHaveURL((url) => url.pathname === '/login');
      await expect.poll(() => stored(page, 'token')).toBeNull();
      await expect.poll(() => stored(page, 'userType')).toBeNull();
    });
  });

  test('shows a translated not-found page for unknown URLs', async ({ page, seller: _ }) => {
    await page.goto('/no-such-screen');
    await expect(page.getByTestId('not-found').getByText('Page not found')).toBeVisible();
    await page.goto('/no/such/page?lng=fr');
    await expect(page.getByTestId('not-found').getByText('Page introuvable')).toBeVisible();
    await page.getByRole('link', { name: 'Retour au tableau de bord' }).click();
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });

  test('sends a signed-in seller from /login to the dashboard', async ({ page, seller: _ }) => {
    await page.goto('/login');
    await expect(page).toHaveURL((url) => url.pathname === '/');
  });
});
