import { StrictMode, useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
import { listenToHistoryFirst } from '@/lib/history-guard';
import { setUnauthorizedHandler } from '@/lib/unauthorized';
import { AppRoutes } from './router';

/**
 * After any 401 the client has removed the session: the seller goes to /login inside the app
 * (the login page then drops the cached data of the signed-out seller).
 */
export function UnauthorizedRedirect() {
  const navigate = useNavigate();
  useEffect(() => {
    setUnauthorizedHandler(() => {
      void navigate(paths.login.href(), { replace: true });
    });
  }, [navigate]);
  return null;
}

// Before the router's own listener: a page with an upload under way can stop Back and Forward.
listenToHistoryFirst();

export function App() {
  return (
    <StrictMode>
      <BrowserRouter>
        <UnauthorizedRedirect />
        <AppRoutes />
      </BrowserRouter>
    </StrictMode>
  );
}
