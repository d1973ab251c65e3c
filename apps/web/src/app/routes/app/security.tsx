import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { PageHeader } from '@/components/layouts/page-header';
import { ErrorAlert } from '@/components/ui/alert';
import { Skeleton } from '@/components/ui/skeleton';
import { useActivity } from '@/features/account/api/get-activity';
import { useSessions } from '@/features/account/api/get-sessions';
import { ActivityCard, activityPageSize } from '@/features/account/components/activity-card';
import { EmailChangeCard } from '@/features/account/components/email-change-card';
import { SessionsCard } from '@/features/account/components/sessions-card';
import { useProfile } from '@/features/profile/api/get-profile';

/** How long a card waits for the answer of the card above it before it is shown anyway. */
const waitForCardAboveMs = 1000;

/**
 * True once `pending` is over, or `waitForCardAboveMs` after it began, whichever comes first:
 * a card below a slow or failing call is not held back for longer than a moment.
 */
function useCardAboveSettled(pending: boolean): boolean {
  const [waitedEnough, setWaitedEnough] = useState(false);
  useEffect(() => {
    if (!pending) return;
    const timer = setTimeout(() => setWaitedEnough(true), waitForCardAboveMs);
    return () => clearTimeout(timer);
  }, [pending]);
  return !pending || waitedEnough;
}

/**
 * Where the seller's account is signed in, what happened to it, and its email address.
 *
 * The three calls start at once, and the cards come in order from the top: a card is shown
 * when the one above it has its answer (or after a moment without one), so a list that turns
 * out longer or shorter than its loading line moves nothing that is already on the screen.
 */
export function SecurityRoute() {
  const { t } = useTranslation();
  const sessions = useSessions();
  const activity = useActivity(1, activityPageSize);
  const profile = useProfile();
  const showActivity = useCardAboveSettled(sessions.isPending);
  const showEmail = useCardAboveSettled(sessions.isPending || activity.isPending);
  return (
    <div className="mx-auto grid max-w-4xl grid-cols-[minmax(0,1fr)] gap-6">
      <PageHeader title={t('account.title')} subtitle={t('account.subtitle')} />
      <SessionsCard />
      {showActivity ? <ActivityCard /> : null}
      {!showEmail ? null : profile.isError ? (
        <ErrorAlert data-testid="profile-load-error">{t('profile.loadFailed')}</ErrorAlert>
      ) : profile.data ? (
        <EmailChangeCard
          email={profile.data.email}
          twoFactorEnabled={profile.data.twoFactorEnabled}
        />
      ) : (
        <Skeleton className="h-72 w-full" aria-hidden="true" />
      )}
    </div>
  );
}
