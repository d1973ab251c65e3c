import {
  type SaleNotifications,
  saleNotificationChoices,
} from '@seller/contract/auth/sale-notifications';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { SkeletonStack } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-messages';
import { useSaleNotifications } from '../api/get-sale-notifications';
import { useSetSaleNotifications } from '../api/set-sale-notifications';
import { CardHeading } from './card-heading';

const choiceTexts = {
  each: {
    label: 'profile.saleNotifications.each',
    hint: 'profile.saleNotifications.eachHint',
  },
  daily: {
    label: 'profile.saleNotifications.daily',
    hint: 'profile.saleNotifications.dailyHint',
  },
  never: {
    label: 'profile.saleNotifications.never',
    hint: 'profile.saleNotifications.neverHint',
  },
} as const satisfies Record<SaleNotifications, { label: string; hint: string }>;

const choiceId = (choice: SaleNotifications) => `sale-notifications-${choice}`;

/**
 * How the seller hears of sales by mail: a mail on each sale, a summary of the day before at
 * 09:00 (the default), or none. The choice is saved with the button.
 */
export function SaleNotificationsCard() {
  const { t } = useTranslation();
  const current = useSaleNotifications();
  const [picked, setPicked] = useState<SaleNotifications | null>(null);
  const save = useSetSaleNotifications({
    onSuccess: () => {
      setPicked(null);
      toast.success(t('profile.saleNotifications.saved'));
    },
    onError: (error) =>
      toast.error(errorMessage(t, error, t('profile.saleNotifications.saveFailed'))),
  });
  const shown = picked ?? current.data;
  const changed = picked !== null && picked !== current.data;

  return (
    <Card data-testid="sale-notifications-card">
      <CardHeading
        title={t('profile.saleNotifications.title')}
        titleId="sale-notifications-title"
        description={t('profile.saleNotifications.description')}
      />
      <CardContent>
        {current.isPending ? (
          <SkeletonStack bars={['h-5 w-56', 'h-5 w-64', 'h-5 w-40']} className="gap-4" />
        ) : null}
        {current.isError ? (
          <ErrorAlert data-testid="sale-notifications-load-error">
            {errorMessage(t, current.error, t('profile.saleNotifications.loadFailed'))}
          </ErrorAlert>
        ) : null}
        {shown ? (
          <RadioGroup
            value={shown}
            onValueChange={(value) => {
              const choice = saleNotificationChoices.find((option) => option === value);
              if (choice) setPicked(choice);
            }}
            disabled={save.isPending}
            aria-labelledby="sale-notifications-title"
            className="gap-4"
            data-testid="sale-notifications"
          >
            {saleNotificationChoices.map((choice) => (
              <div key={choice} className="flex items-start gap-3">
                <RadioGroupItem
                  id={choiceId(choice)}
                  value={choice}
                  aria-describedby={`${choiceId(choice)}-hint`}
                  className="mt-0.5"
                />
                <div className="grid gap-0.5">
                  <Label htmlFor={choiceId(choice)}>{t(choiceTexts[choice].label)}</Label>
                  <p id={`${choiceId(choice)}-hint`} className="text-sm text-muted-foreground">
                    {t(choiceTexts[choice].hint)}
                  </p>
                </div>
              </div>
            ))}
          </RadioGroup>
        ) : null}
      </CardContent>
      {current.data ? (
        <CardFooter className="justify-end">
          <Button
            type="button"
            onClick={() => {
              if (picked) save.mutate(picked);
            }}
            disabled={!changed || save.isPending}
            data-testid="save-sale-notifications"
          >
            {save.isPending ? t('common.saving') : t('common.save')}
          </Button>
        </CardFooter>
      ) : null}
    </Card>
  );
}
