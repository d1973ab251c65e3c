import { Outlet, useNavigate } from 'react-router';
import { AppLayout } from '@/components/layouts/app-layout';
import { paths } from '@/config/paths';
import { useLogout } from '@/features/auth/api/logout';
import { useProfile } from '@/features/profile/api/get-profile';

/** The signed-in shell; the access guard runs before it (see router.tsx). */
export function AppRoot() {
  const navigate = useNavigate();
  const profile = useProfile();
  const logout = useLogout({
    onLoggedOut: () => navigate(paths.login.href(), { replace: true }),
  });
  return (
    <AppLayout user={profile.data} onLogout={() => logout.mutate()}>
      <Outlet />
    </AppLayout>
  );
}
