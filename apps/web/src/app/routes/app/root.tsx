import { lazy } from 'react';
import { Outlet, useNavigate } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { AppLayout } from '@/components/layouts/app-layout';
import { WhenIdle } from '@/components/when-idle';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { profileQueryOptions, useProfile } from '@/features/profile/api/get-profile';
import { queryClient } from '@/lib/react-query';

// Toasts come from the signed-in screens only, after something the seller did: the outlet
// (sonner, ~10 kB gzip) loads once the shell is shown and the browser idle (issue 6).
const Toaster = lazy(() =>
  import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })),
);

/** Loads the shell's data (the profile) before the first render (see router.tsx). */
export function prefetchAppData(): Promise<void> {
  return queryClient.prefetchQuery(profileQueryOptions());
}

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
      <WhenIdle fallback={null}>
        <Toaster />
      </WhenIdle>
    </>
  );
}
