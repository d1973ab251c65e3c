// @vitest-environment jsdom
import { fireEvent, render, screen, waitFor } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useEffect, useState } from 'react';
import { createBrowserRouter, Link, RouterProvider } from 'react-router';
import { afterEach, beforeAll, describe, expect, it } from 'vitest';
import { LeaveDialog } from '@/components/leave-dialog';
import { initI18n } from './i18n';
import { useLeaveGuard } from './use-leave-guard';

beforeAll(() => initI18n());

/** A form with an upload under way until "Finish" is pressed; it counts its cancellations. */
function UploadPage({ cancelled }: { cancelled: string[] }) {
  const [uploading, setUploading] = useState(true);
  const guard = useLeaveGuard(uploading);
  // As the upload queue does: what is still uploading is cancelled when the page goes away.
  useEffect(() => () => void cancelled.push('upload'), [cancelled]);
  return (
    <main>
      <h1>Upload</h1>
      <Link to="/elsewhere">Elsewhere</Link>
      <button type="button" onClick={() => setUploading(false)}>
        Finish
      </button>
      <LeaveDialog guard={guard} description="Uploads are under way." />
    </main>
  );
}

/** The page, opened from /start in a browser router (Back goes there), as the app's router. */
async function openUploadPage() {
  const cancelled: string[] = [];
  window.history.replaceState(null, '', '/start');
  const router = createBrowserRouter([
    { path: '/start', element: <h1>Start</h1> },
    { path: '/upload', element: <UploadPage cancelled={cancelled} /> },
    { path: '/elsewhere', element: <h1>Elsewhere</h1> },
  ]);
  routers.push(router);
  render(<RouterProvider router={router} />);
  await router.navigate('/upload');
  await screen.findByRole('heading', { name: 'Upload' });
  return { router, cancelled, user: userEvent.setup() };
}

const routers: { dispose: () => void }[] = [];
afterEach(() => {
  for (const router of routers.splice(0)) router.dispose();
});

// Behind the open dialog too (hidden from the accessibility tree while it is modal).
const heading = () => screen.getByRole('heading', { level: 1, hidden: true }).textContent;

describe('leaving a page with an upload under way', () => {
  it('asks first when a link is followed: staying keeps the upload, leaving cancels it', async () => {
    const { user, cancelled } = await openUploadPage();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByTestId('leave-dialog');
    await user.click(screen.getByTestId('leave-stay'));
    await waitFor(() => expect(screen.queryByTestId('leave-dialog')).toBeNull());
    expect(heading()).toBe('Upload');
    expect(cancelled).toEqual([]);

    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await user.click(await screen.findByTestId('leave-confirm'));
    // The page's effects are cleaned up after the commit that shows the next one.
    await waitFor(() => {
      expect(heading()).toBe('Elsewhere');
      expect(cancelled).toEqual(['upload']);
    });
  });

  it('asks first on Back, and goes back once the seller confirms', async () => {
    const { user, cancelled } = await openUploadPage();
    window.history.back();
    await screen.findByTestId('leave-dialog');
    expect(heading()).toBe('Upload');
    await waitFor(() => expect(window.location.pathname).toBe('/upload'));

    await user.click(screen.getByTestId('leave-confirm'));
    // The page's effects are cleaned up after the commit that shows the next one.
    await waitFor(() => {
      expect(heading()).toBe('Start');
      expect(cancelled).toEqual(['upload']);
    });
  });

  it('lets the seller go without asking once nothing is uploading', async () => {
    const { user } = await openUploadPage();
    await user.click(screen.getByRole('button', { name: 'Finish' }));
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await waitFor(() => expect(heading()).toBe('Elsewhere'));
    expect(screen.queryByTestId('leave-dialog')).toBeNull();
  });

  it('drops the question, and the navigation it held, when the upload ends meanwhile', async () => {
    const { user } = await openUploadPage();
    await user.click(screen.getByRole('link', { name: 'Elsewhere' }));
    await screen.findByTestId('leave-dialog');
    // The dialog is modal: the upload ending is its own event, not a click behind it.
    fireEvent.click(screen.getByRole('button', { name: 'Finish', hidden: true }));
    await waitFor(() => expect(screen.queryByTestId('leave-dialog')).toBeNull());
    expect(heading()).toBe('Upload');
  });

  it('asks the browser before the tab is closed or reloaded, only while uploading', async () => {
    const { user } = await openUploadPage();
    const closing = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closing);
    expect(closing.defaultPrevented).toBe(true);

    await user.click(screen.getByRole('button', { name: 'Finish' }));
    const closingLater = new Event('beforeunload', { cancelable: true });
    window.dispatchEvent(closingLater);
    expect(closingLater.defaultPrevented).toBe(false);
  });
});
