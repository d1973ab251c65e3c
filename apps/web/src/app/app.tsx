import { StrictMode, useEffect } from 'react';
import { BrowserRouter, useNavigate } from 'react-router';
import { paths } from '@/config/paths';
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
