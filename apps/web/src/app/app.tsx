import { RouterProvider } from 'react-router/dom';
import { paths } from '@/config/paths';
import { setUnauthorizedHandler } from '@/lib/api-client';
import { AppProvider } from './provider';
import { createAppRouter } from './router';

const router = createAppRouter();

// Any 401 (spec section 4): the client has removed the session; leave for /login inside the
// app (the login page then drops the cached data of the signed-out seller).
setUnauthorizedHandler(() => {
  void router.navigate(paths.login.href(), { replace: true });
});

export function App() {
  return (
    <AppProvider>
      <RouterProvider router={router} />
    </AppProvider>
  );
}
