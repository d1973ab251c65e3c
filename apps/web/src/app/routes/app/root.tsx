import { lazy, Suspense } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useProfile } from '@/features/profile/api/get-profile';

// Toasts only follow something the seller did: the outlet (sonner) is a chunk of its own that
// loads after the shell has rendered, not before it.
const Toaster = lazy(() =>
  import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })),
);

/** The signed-in shell; the access guard runs before it (see router.tsx). */
export function AppRoot() {
  return (
    <QueryProvider>
      <AppShell />
    </QueryProvider>
  );
}

function AppShell() {
  const navigate = useNavigate();
  const profile = useProfile();
  const logout = useLogout({
    onLoggedOut: () => navigate(paths.login.href(), { replace: true }),
  });
  return (
    <>
      <AppLayout user={profile.data} onLogout={() => logout.mutate()}>
        <Outlet />
      </AppLayout>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}
