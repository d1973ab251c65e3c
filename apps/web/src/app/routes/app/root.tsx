import { lazy, Suspense } from 'react';
import { Outlet, useLocation, useNavigate } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { NotFoundRoute } from '@/app/routes/not-found';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useLanguageOnAccount } from '@/features/auth/api/set-language';
import { useProfile } from '@/features/profile/api/get-profile';
import { useMissingSubject } from '@/lib/use-missing-subject';

// Toasts only follow something the seller did: the outlet (sonner) is a chunk of its own that
// loads after the shell has rendered, not before it.
const Toaster = lazy(() =>
  import('@/components/ui/sonner').then((module) => ({ default: module.Toaster })),
);

/** The signed-in shell; the access guard runs before it (see route-parts.tsx). */
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
  // A language switch while signed in is kept on the account (the language of its mail).
  useLanguageOnAccount();
  const logout = useLogout({
    onLoggedOut: () => navigate(paths.login.href(), { replace: true }),
  });
  // A page about something that does not exist (`/products/<unknown id>`) answers as an unknown
  // address does, in the seller's language, rather than with the server's error.
  const missing = useMissingSubject(useLocation().key);
  return (
    <>
      <AppLayout user={profile.data} onLogout={() => logout.mutate()}>
        {missing ? <NotFoundRoute /> : <Outlet />}
      </AppLayout>
      <Suspense fallback={null}>
        <Toaster />
      </Suspense>
    </>
  );
}
