import { RotateCwIcon, SendIcon, Trash2Icon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { toast } from 'sonner';
import { ConfirmDialog } from '@/components/confirm-dialog';
import { ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { Separator } from '@/components/ui/separator';
import { SkeletonStack } from '@/components/ui/skeleton';
import { errorMessage } from '@/lib/error-messages';
import { useDeleteWebhook } from '../api/delete-webhook';
import { useWebhook } from '../api/get-webhook';
import { useRotateWebhookSecret } from '../api/rotate-webhook-secret';
import { useSendTestWebhook } from '../api/send-test-webhook';
import { OneTimeSecret } from './one-time-secret';
import { WebhookDeliveries } from './webhook-deliveries';
import { WebhookForm } from './webhook-form';

type Confirming = 'rotate' | 'delete' | null;

/**
 * The seller's webhook: where events go and which, the signing secret (shown once, when new or
 * rotated), a test event, removing it, and the delivery log.
 */
export function WebhookCard() {
  const { t } = useTranslation();
  const webhook = useWebhook();
  const [secret, setSecret] = useState<string | null>(null);
  const [confirming, setConfirming] = useState<Confirming>(null);
  const failed = (fallback: string) => (error: Error) =>
    toast.error(errorMessage(t, error, fallback));
  const sendTest = useSendTestWebhook({
    onSuccess: () => toast.success(t('developer.webhook.testSent')),
    onError: failed(t('developer.webhook.testFailed')),
  });
  const rotate = useRotateWebhookSecret({
    onSuccess: (rotated) => {
      setSecret(rotated.secret);
      toast.success(t('developer.webhook.rotated'));
    },
    onError: failed(t('developer.webhook.rotateFailed')),
  });
  const remove = useDeleteWebhook({
    onSuccess: () => {
      setSecret(null);
      toast.success(t('developer.webhook.deleted'));
    },
    onError: failed(t('developer.webhook.deleteFailed')),
  });
  const settings = webhook.data;
  const isSet = Boolean(settings?.url);

  return (
    <Card className="min-w-0" data-testid="webhook-card">
      <CardHeader>
        <CardTitle>{t('developer.webhook.title')}</CardTitle>
        <CardDescription>{t('developer.webhook.description')}</CardDescription>
      </CardHeader>
      <CardContent className="grid min-w-0 gap-6">
        {webhook.isPending ? (
          <SkeletonStack
            className="gap-4"
            bars={['h-4 w-24', 'h-10 w-full', 'h-4 w-32', 'h-10 w-2/3']}
          />
        ) : null}
        {webhook.isError ? (
          <ErrorAlert data-testid="webhook-load-error">
            {errorMessage(t, webhook.error, t('developer.webhook.loadFailed'))}
          </ErrorAlert>
        ) : null}
        {settings ? (
          <>
            {secret ? (
              <OneTimeSecret
                key={secret}
                title={t('developer.webhook.secretTitle')}
                note={t('developer.webhook.secretNote')}
                secret={secret}
                texts={{
                  copy: t('developer.webhook.copySecret'),
                  copied: t('developer.webhook.secretCopied'),
                }}
                testId="webhook-secret"
                onDone={() => setSecret(null)}
              />
            ) : null}
            <WebhookForm
              key={`${settings.url ?? ''} ${settings.events.join(' ')}`}
              webhook={settings}
              onSaved={(saved) => {
                if (saved.secret) setSecret(saved.secret);
                toast.success(t('developer.webhook.saved'));
              }}
            />
            {isSet ? (
              <div className="flex flex-wrap gap-2" data-testid="webhook-actions">
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => sendTest.mutate()}
                  disabled={sendTest.isPending}
                  data-testid="send-test-webhook"
                >
                  <SendIcon aria-hidden="true" />
                  {sendTest.isPending
                    ? t('developer.webhook.testSending')
                    : t('developer.webhook.test')}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  onClick={() => setConfirming('rotate')}
                  disabled={rotate.isPending}
                  data-testid="rotate-webhook-secret"
                >
                  <RotateCwIcon aria-hidden="true" />
                  {t('developer.webhook.rotate')}
                </Button>
                <Button
                  type="button"
                  variant="outline"
                  className="text-destructive hover:text-destructive"
                  onClick={() => setConfirming('delete')}
                  disabled={remove.isPending}
                  data-testid="delete-webhook"
                >
                  <Trash2Icon aria-hidden="true" />
                  {t('developer.webhook.delete')}
                </Button>
              </div>
            ) : null}
            <Separator />
            <WebhookDeliveries canResend={isSet} />
          </>
        ) : null}
      </CardContent>
      <ConfirmDialog
        open={confirming === 'rotate'}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('developer.webhook.rotateTitle')}
        description={t('developer.webhook.rotateDescription')}
        confirmLabel={t('developer.webhook.rotate')}
        onConfirm={() => {
          setConfirming(null);
          rotate.mutate();
        }}
      />
      <ConfirmDialog
        open={confirming === 'delete'}
        onOpenChange={(open) => {
          if (!open) setConfirming(null);
        }}
        title={t('developer.webhook.deleteTitle')}
        description={t('developer.webhook.deleteDescription')}
        confirmLabel={t('developer.webhook.delete')}
        onConfirm={() => {
          setConfirming(null);
          remove.mutate();
        }}
      />
    </Card>
  );
}
