import { useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/unauthorized';
import { AppProvider } from './provider';
import { AppRoutes, preloadScreens } from './router';

/** The code of the first URL's screens, loading alongside the texts (main.tsx waits for both). */
export const firstScreens: Promise<void> =
  typeof window === 'undefined' ? Promise.resolve() : preloadScreens(window.location.pathname);

/**
 * Any 401 (spec section 4): the client has removed the session; leave for /login inside the
 * app (the login page then drops the cached data of the signed-out seller).
 */
function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void navigate(paths.login.href(), { replace: true });
    });
  }, [navigate]);
  return null;
}

export function App() {
  return (
    <AppProvider>
      <BrowserRouter>
        <UnauthorizedRedirect />
        <AppRoutes />
      </BrowserRouter>
    </AppProvider>
  );
}
