import type { GettingStartedSteps } from '@seller/contract/getting-started/get-getting-started';
import { ArrowRightIcon, CheckCircle2Icon, CircleIcon, CopyIcon, XIcon } from 'lucide-react';
import { type ReactNode, useEffect } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { env } from '@/config/env';
import { paths } from '@/config/paths';
import { cn } from '@/lib/class-names';
import { creatorPageUrl } from '@/lib/share-urls';
import { useCopyToClipboard } from '@/lib/use-copy-to-clipboard';
import { useGettingStarted, useUpdateGettingStarted } from '../api/getting-started';
import { checklistLastHidden, rememberChecklistHidden } from '../lib/checklist-memory';

type Step = keyof GettingStartedSteps;
const steps: readonly Step[] = ['payoutMethod', 'firstProduct', 'creatorLinkShared'];

function StepRow({
  step,
  done,
  action,
}: {
  step: Step;
  /** Undefined while the answer is on its way. */
  done: boolean | undefined;
  action: ReactNode;
}) {
  const { t } = useTranslation();
  const Icon = done ? CheckCircle2Icon : CircleIcon;
  return (
    <li
      className="flex min-h-10 flex-wrap items-center gap-x-3 gap-y-1"
      data-testid={`checklist-${step}`}
      data-done={done === undefined ? undefined : String(done)}
    >
      <Icon
        className={cn(
          'size-5 shrink-0',
          done ? 'text-success' : 'text-muted-foreground',
          done === undefined && 'opacity-40',
        )}
        aria-hidden="true"
      />
      <span className={cn('min-w-0 flex-1 text-sm', done && 'text-muted-foreground line-through')}>
        {t(`dashboard.checklist.${step}`)}
        {done === undefined ? null : (
          <span className="sr-only">
            {` (${done ? t('dashboard.checklist.done') : t('dashboard.checklist.toDo')})`}
          </span>
        )}
      </span>
      {/* Kept, unseen, while loading and once done: the row wraps the same in every state, so
          that nothing under it moves when the answer comes. */}
      {action ? (
        <span className={cn('shrink-0', done !== false && 'invisible')}>{action}</span>
      ) : null}
    </li>
  );
}

/**
 * The first steps of a new account, each ticked from the account's data: a payout method, a
 * first product, the creator page link shared (the server remembers a copy or a share). Shown
 * until every step is done or the seller closes it (remembered on the account).
 */
export function GettingStartedChecklist({ nickname }: { nickname: string | null | undefined }) {
  const { t } = useTranslation();
  const query = useGettingStarted();
  const update = useUpdateGettingStarted({
    onError: (error) => console.warn('[dashboard] Saving the checklist failed:', error.message),
  });
  const link = nickname ? creatorPageUrl(env.memberSiteUrl, nickname) : null;
  const { copy } = useCopyToClipboard({
    copiedText: t('dashboard.share.linkCopied'),
    failedText: t('dashboard.share.copyFailed'),
    onCopied: () => update.mutate({ creatorLinkShared: true }),
    onError: (error) => console.warn('[dashboard] Copying the link failed:', error),
  });

  const data = query.data;
  const doneCount = data ? steps.filter((step) => data.steps[step]).length : undefined;
  const hidden = data ? data.dismissed || doneCount === steps.length : undefined;
  useEffect(() => {
    if (hidden !== undefined) rememberChecklistHidden(hidden);
  }, [hidden]);

  // Before the answer: keep the place only where the checklist was shown last time.
  if (hidden === true || (data === undefined && (query.isError || checklistLastHidden()))) {
    return null;
  }

  const dismiss = () => {
    rememberChecklistHidden(true);
    update.mutate({ dismissed: true });
  };

  return (
    <Card className="gap-4" data-testid="getting-started" aria-busy={data === undefined}>
      <CardHeader className="grid-cols-[1fr_auto] items-start">
        <div className="grid gap-1.5">
          <CardTitle>{t('dashboard.checklist.title')}</CardTitle>
          {/* One line in either state, as the progress takes (the description may wrap on a
              phone). */}
          <CardDescription className="line-clamp-1" data-testid="checklist-progress">
            {doneCount === undefined
              ? t('dashboard.checklist.description')
              : t('dashboard.checklist.progress', {
                  count: doneCount,
                  done: doneCount,
                  total: steps.length,
                })}
          </CardDescription>
        </div>
        <Button
          type="button"
          variant="ghost"
          size="icon"
          className="size-8"
          onClick={dismiss}
          disabled={data === undefined}
          aria-label={t('dashboard.checklist.dismiss')}
          title={t('dashboard.checklist.dismiss')}
          data-testid="checklist-dismiss"
        >
          <XIcon aria-hidden="true" />
        </Button>
      </CardHeader>
      <CardContent className="grid gap-3">
        <ol className="grid gap-2">
          <StepRow
            step="payoutMethod"
            done={data?.steps.payoutMethod}
            action={
              <Button variant="outline" size="sm" asChild>
                <Link to={paths.settlement.href()}>{t('dashboard.checklist.payoutAction')}</Link>
              </Button>
            }
          />
          <StepRow
            step="firstProduct"
            done={data?.steps.firstProduct}
            action={
              <Button variant="outline" size="sm" asChild>
                <Link to={paths.productCreate.href()}>
                  {t('dashboard.checklist.productAction')}
                </Link>
              </Button>
            }
          />
          <StepRow
            step="creatorLinkShared"
            done={data?.steps.creatorLinkShared}
            action={
              // Its place is kept while the profile (the nickname in the link) is on its way.
              link || nickname === undefined ? (
                <Button
                  type="button"
                  variant="outline"
                  size="sm"
                  className={cn(!link && 'invisible')}
                  disabled={!link}
                  onClick={() => {
                    if (link) void copy(link);
                  }}
                  data-testid="checklist-copy-link"
                >
                  <CopyIcon aria-hidden="true" />
                  {t('dashboard.checklist.shareAction')}
                </Button>
              ) : null
            }
          />
        </ol>
        {/* Where the payouts the first step sets up show up, with the balance they come from. */}
        <Link
          to={paths.payouts.href()}
          className="inline-flex w-fit items-center gap-1 text-sm font-medium text-primary underline-offset-4 hover:underline"
          data-testid="checklist-balance-link"
        >
          {t('dashboard.checklist.balanceLink')}
          <ArrowRightIcon className="size-4" aria-hidden="true" />
        </Link>
      </CardContent>
    </Card>
  );
}
