import { limits } from '@seller/contract/limits';
import type { SettlementInfo } from '@seller/contract/settlement/get-settlement-info';
import { settlementLimits } from '@seller/contract/settlement/update-settlement-info';
import { CheckCircle2Icon, CircleIcon } from 'lucide-react';
import { useEffect, useState } from 'react';
import { type Path, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { LeaveDialog } from '@/components/leave-dialog';
import { type Notice, NoticeAlert } from '@/components/notice-alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardFooter } from '@/components/ui/card';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { apiErrorOf } from '@/lib/api-error';
import { errorMessage } from '@/lib/error-messages';
import { applyServerFieldErrors } from '@/lib/form-errors';
import { useFocusOnError } from '@/lib/use-focus-on-error';
import { useLeaveGuard } from '@/lib/use-leave-guard';
import { fieldErrorText } from '@/lib/validation-message';
import { useUpdateSettlementInfo } from '../api/update-settlement-info';
import { isMethodSetUp, nothingFilled, settlementChanges } from '../lib/settlement-changes';

type Method = keyof SettlementInfo;
const methods: readonly Method[] = ['alipay', 'bank', 'paypal'];

interface FieldSpec {
  name: Path<SettlementInfo>;
  labelKey: string;
  type?: 'text' | 'email' | 'tel';
  autoComplete?: string;
  maxLength: number;
  hintKey?: string;
  placeholderKey?: string;
  optional?: boolean;
}

const fieldsByMethod: Record<Method, readonly FieldSpec[]> = {
  alipay: [
    {
      name: 'alipay.phone',
      labelKey: 'settlement.alipay.phone',
      type: 'tel',
      autoComplete: 'tel',
      maxLength: settlementLimits.phone + 4,
      hintKey: 'settlement.alipay.phoneHint',
      placeholderKey: 'settlement.alipay.phonePlaceholder',
    },
    {
      name: 'alipay.realName',
      labelKey: 'settlement.alipay.realName',
      autoComplete: 'name',
      maxLength: settlementLimits.name,
    },
  ],
  bank: [
    {
      name: 'bank.name',
      labelKey: 'settlement.bank.name',
      autoComplete: 'off',
      maxLength: settlementLimits.name,
    },
    {
      name: 'bank.account',
      labelKey: 'settlement.bank.account',
      autoComplete: 'off',
      maxLength: settlementLimits.account,
    },
    {
      name: 'bank.accountHolder',
      labelKey: 'settlement.bank.accountHolder',
      autoComplete: 'name',
      maxLength: settlementLimits.name,
    },
    {
      name: 'bank.swiftCode',
      labelKey: 'settlement.bank.swiftCode',
      autoComplete: 'off',
      maxLength: 11,
      hintKey: 'settlement.bank.swiftCodeHint',
      placeholderKey: 'settlement.bank.swiftCodePlaceholder',
      optional: true,
    },
    {
      name: 'bank.branch',
      labelKey: 'settlement.bank.branch',
      autoComplete: 'off',
      maxLength: settlementLimits.name,
    },
  ],
  paypal: [
    {
      name: 'paypal.email',
      labelKey: 'settlement.paypal.email',
      type: 'email',
      autoComplete: 'email',
      maxLength: limits.email.max,
    },
    {
      name: 'paypal.accountHolder',
      labelKey: 'settlement.paypal.accountHolder',
      autoComplete: 'name',
      maxLength: settlementLimits.name,
    },
  ],
};

const allFields = methods.flatMap((method) => fieldsByMethod[method].map((field) => field.name));

function inputId(name: string): string {
  return `settlement-${name.replace('.', '-')}`;
}

/**
 * The payout details in three tabs (Alipay, bank transfer, PayPal) with one save button; each
 * tab says whether its method is set up. The server checks the fields, and its field errors
 * (`details`) appear under their fields, switching to the tab of the first one; the one rule
 * checked here is that a save must leave at least one method filled in. A save sends only the
 * methods the seller changed (an emptied one as null), so the others keep what the server has.
 * Leaving with unsaved changes asks first.
 */
export function SettlementForm({ info }: { info: SettlementInfo }) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<Method>('alipay');
  const [notice, setNotice] = useState<Notice | null>(null);
  const form = useForm<SettlementInfo>({ defaultValues: info });
  const [saved, setSaved] = useState(info);
  const { register, handleSubmit, reset, setError, clearErrors, formState } = form;
  const update = useUpdateSettlementInfo();
  const noticeRef = useFocusOnError(notice?.kind === 'error' ? notice : null);
  const leaveGuard = useLeaveGuard(formState.isDirty && !formState.isSubmitting);

  useEffect(() => {
    if (notice?.kind !== 'success') return;
    const timer = setTimeout(() => setNotice(null), limits.settlementSuccessMs);
    return () => clearTimeout(timer);
  }, [notice]);

  const onSubmit = handleSubmit(async (values) => {
    setNotice(null);
    clearErrors();
    if (nothingFilled(values)) {
      setNotice({ kind: 'error', text: t('settlement.nothingFilled') });
      return;
    }
    try {
      const stored = await update.mutateAsync(settlementChanges(saved, values));
      setSaved(stored);
      reset(stored);
      setNotice({ kind: 'success', text: t('settlement.saved') });
    } catch (error) {
      if (applyServerFieldErrors(error, allFields, setError)) {
        const first = apiErrorOf(error)?.details.find((issue) =>
          allFields.includes(issue.path as never),
        );
        const method = first?.path.split('.')[0];
        if (method && (methods as readonly string[]).includes(method)) setTab(method as Method);
        setNotice({ kind: 'error', text: t('settlement.checkFields') });
        return;
      }
      setNotice({ kind: 'error', text: errorMessage(t, error, t('settlement.updateFailed')) });
    }
  });

  const errorCount = (method: Method) =>
    fieldsByMethod[method].filter((field) => {
      const [group, key] = field.name.split('.') as [Method, string];
      const groupErrors = formState.errors[group] as Record<string, unknown> | undefined;
      return Boolean(groupErrors?.[key]);
    }).length;

  return (
    <form onSubmit={onSubmit} noValidate className="grid gap-4" data-testid="settlement-form">
      <div
        ref={noticeRef}
        tabIndex={-1}
        className="scroll-mt-24 rounded-lg outline-none empty:hidden focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <NoticeAlert
          notice={notice}
          testIds={{ success: 'settlement-success', error: 'settlement-error' }}
        />
      </div>
      <LeaveDialog guard={leaveGuard} description={t('settlement.leaveUnsaved')} />

      <Card>
        <CardContent>
          <Tabs value={tab} onValueChange={(value) => setTab(value as Method)}>
            <TabsList>
              {methods.map((method) => {
                const errors = errorCount(method);
                const setUp = isMethodSetUp(saved[method]);
                return (
                  <TabsTrigger
                    key={method}
                    value={method}
                    data-testid={`tab-${method}`}
                    data-set-up={setUp}
                  >
                    {setUp ? (
                      <CheckCircle2Icon className="text-success" aria-hidden="true" />
                    ) : (
                      <CircleIcon className="opacity-50" aria-hidden="true" />
                    )}
                    {t(`settlement.tabs.${method}`)}
                    <span className="sr-only">
                      {` (${setUp ? t('settlement.setUp') : t('settlement.notSetUp')})`}
                    </span>
                    {errors > 0 ? (
                      <span className="size-2 rounded-full bg-destructive" aria-hidden="true" />
                    ) : null}
                  </TabsTrigger>
                );
              })}
            </TabsList>
            {methods.map((method) => (
              // Every tab stays mounted (hidden when inactive) so that its fields keep their
              // values and can show server errors.
              <TabsContent
                key={method}
                value={method}
                forceMount
                className="data-[state=inactive]:hidden"
              >
                <div className="grid gap-5 pt-2 sm:grid-cols-2">
                  <div className="grid gap-1 sm:col-span-2">
                    <p
                      className={
                        isMethodSetUp(saved[method])
                          ? 'flex items-center gap-1.5 text-sm font-medium text-success'
                          : 'flex items-center gap-1.5 text-sm font-medium text-muted-foreground'
                      }
                      data-testid={`method-status-${method}`}
                    >
                      {isMethodSetUp(saved[method])
                        ? t('settlement.methodSetUp')
                        : t('settlement.methodNotSetUp')}
                    </p>
                    <p className="text-sm text-muted-foreground">
                      {t(`settlement.${method}.description`)}
                    </p>
                  </div>
                  {fieldsByMethod[method].map((field) => {
                    const id = inputId(field.name);
                    const [group, key] = field.name.split('.') as [Method, string];
                    const groupErrors = formState.errors[group] as
                      | Record<string, { message?: string } | undefined>
                      | undefined;
                    const error = fieldErrorText(t, groupErrors?.[key]?.message);
                    const label = field.optional
                      ? `${t(field.labelKey as never)} (${t('settlement.optional')})`
                      : t(field.labelKey as never);
                    return (
                      <FormField
                        key={field.name}
                        id={id}
                        className="content-start"
                        label={label}
                        hint={field.hintKey ? t(field.hintKey as never) : undefined}
                        error={error}
                      >
                        <Input
                          {...fieldAria(id, error, Boolean(field.hintKey))}
                          {...register(field.name, {
                            onChange: () => clearErrors(field.name),
                          })}
                          type={field.type ?? 'text'}
                          autoComplete={field.autoComplete}
                          maxLength={field.maxLength}
                          placeholder={
                            field.placeholderKey ? t(field.placeholderKey as never) : undefined
                          }
                          disabled={formState.isSubmitting}
                        />
                      </FormField>
                    );
                  })}
                </div>
              </TabsContent>
            ))}
          </Tabs>
        </CardContent>
        <CardFooter className="justify-end">
          <Button type="submit" disabled={formState.isSubmitting} data-testid="settlement-save">
            {formState.isSubmitting ? t('common.saving') : t('common.save')}
          </Button>
        </CardFooter>
      </Card>
    </form>
  );
}
