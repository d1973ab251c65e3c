import type { BroadcastKind } from '@seller/contract/customers/broadcast';
import type { CreateBroadcastResponse } from '@seller/contract/customers/create-broadcast';
import { type Language, languages } from '@seller/contract/languages';
import { limits } from '@seller/contract/limits';
import { ArrowLeftIcon, SendIcon } from 'lucide-react';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert, AlertDescription, ErrorAlert } from '@/components/ui/alert';
import { Button } from '@/components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '@/components/ui/card';
import { Checkbox } from '@/components/ui/checkbox';
import { FormField, fieldAria } from '@/components/ui/form-field';
import { Input } from '@/components/ui/input';
import { Label } from '@/components/ui/label';
import { RadioGroup, RadioGroupItem } from '@/components/ui/radio-group';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '@/components/ui/tabs';
import { Textarea } from '@/components/ui/textarea';
import { paths } from '@/config/paths';
import { apiErrorOf } from '@/lib/api-error';
import { languageName } from '@/lib/display-names';
import { errorMessage } from '@/lib/error-messages';
import { formatCount } from '@/lib/format';
import { fieldErrorText } from '@/lib/validation-message';
import { useCreateBroadcast } from '../api/create-broadcast';
import { useCustomerCounts } from '../api/list-customers';
import { reachEstimate, reachQueries } from '../lib/broadcast-reach';
import { previewBuyerMail } from '../lib/buyer-mail-preview';
import { BroadcastList } from './broadcast-list';

/** A version of one of the chosen products' files that a product update may quote. */
export interface ComposeVersion {
  id: string;
  productId: string;
  fileName: string;
  number: number;
  label: string | null;
  changelog: string | null;
}

type Field = 'kind' | 'productIds' | 'versionIds' | 'subject' | 'body';

/**
 * /customers/mail: write to buyers. The kind, the products (and, for an update, the versions to
 * quote), the subject and the text; whom it reaches and leaves out, counted with the customers
 * list's filters before sending; the mail as buyers read it in each of the six languages; after
 * sending, the answer's counts and the list of mails with what was sent and failed.
 */
export function BroadcastCompose({
  products,
  productsLoading,
  versions,
  seller,
  origin,
  onProductsChange,
}: {
  products: readonly { id: string; title: string }[];
  productsLoading: boolean;
  /** Versions of the files of the products chosen (`onProductsChange`). */
  versions: readonly ComposeVersion[];
  seller: { name: string; contact: string };
  origin: string;
  onProductsChange: (productIds: string[]) => void;
}) {
  const { t, i18n } = useTranslation();
  const language = i18n.resolvedLanguage;
  const id = useId();
  const [kind, setKind] = useState<BroadcastKind>('product_update');
  const [productIds, setProductIds] = useState<string[]>([]);
  const [versionIds, setVersionIds] = useState<string[]>([]);
  const [subject, setSubject] = useState('');
  const [body, setBody] = useState('');
  const [previewLanguage, setPreviewLanguage] = useState<Language>(
    languages.find((code) => code === language) ?? 'en',
  );
  const [result, setResult] = useState<CreateBroadcastResponse['broadcast'] | undefined>();
  const [fieldErrors, setFieldErrors] = useState<Partial<Record<Field, string>>>({});

  const queries = reachQueries(kind, productIds);
  const counts = useCustomerCounts(queries);
  const estimate = reachEstimate(kind, productIds, counts.counts);
  const send = useCreateBroadcast({
    onSuccess: (created) => {
      setResult(created);
      setSubject('');
      setBody('');
      setVersionIds([]);
    },
    onError: (error) => {
      const issues = apiErrorOf(error)?.details ?? [];
      setFieldErrors(
        Object.fromEntries(issues.map((issue) => [issue.path.split('.')[0], issue.code])),
      );
    },
  });

  const chosenVersions = versions.filter((version) => productIds.includes(version.productId));
  const previewProducts = productIds.flatMap((productId) => {
    const product = products.find((entry) => entry.id === productId);
    if (!product) return [];
    return [
      {
        title: product.title,
        versions: chosenVersions.filter(
          (version) => version.productId === productId && versionIds.includes(version.id),
        ),
      },
    ];
  });
  const preview = (code: Language) =>
    previewBuyerMail(code, {
      kind,
      subject: subject.trim() || t('customers.mail.previewSubject'),
      body: body || t('customers.mail.previewBody'),
      sellerName: seller.name,
      sellerContact: seller.contact,
      products: previewProducts,
      origin,
    });

  const toggle = (list: string[], value: string, on: boolean) =>
    on ? [...list, value] : list.filter((entry) => entry !== value);
  const chooseProducts = (next: string[]) => {
    setProductIds(next);
    setVersionIds((current) =>
      current.filter((versionId) =>
        versions.some((version) => version.id === versionId && next.includes(version.productId)),
      ),
    );
    onProductsChange(next);
  };
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    const errors: Partial<Record<Field, string>> = {};
    if (kind === 'product_update' && productIds.length === 0) {
      errors.productIds = 'broadcastProductsRequired';
    }
    const trimmed = subject.trim();
    if (trimmed.length === 0 || trimmed.length > limits.broadcasts.subjectMax) {
      errors.subject = 'broadcastSubjectLength';
    }
    if (body.trim().length === 0 || body.length > limits.broadcasts.bodyMax) {
      errors.body = 'broadcastBodyLength';
    }
    setFieldErrors(errors);
    if (Object.keys(errors).length > 0) return;
    setResult(undefined);
    send.mutate({
      kind,
      productIds,
      ...(kind === 'product_update' ? { versionIds } : {}),
      subject: trimmed,
      body,
    });
  };
  const error = (field: Field) => fieldErrorText(t, fieldErrors[field]);
  const count = (value: number) => formatCount(value);
  const conflict = send.isError && !apiErrorOf(send.error)?.details.length;

  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t('customers.mail.title')} subtitle={t('customers.mail.subtitle')}>
        <Button variant="outline" asChild>
          <Link to={paths.customers.href()}>
            <ArrowLeftIcon className="size-4" aria-hidden="true" />
            {t('customers.mail.back')}
          </Link>
        </Button>
      </PageHeader>
      <div className="grid grid-cols-1 gap-6 lg:grid-cols-2">
        <Card>
          <CardContent>
            <form className="grid gap-5" onSubmit={submit} noValidate data-testid="broadcast-form">
              <fieldset className="grid gap-3">
                <legend className="mb-2 text-sm font-medium">
                  {t('customers.mail.kindLabel')}
                </legend>
                <RadioGroup
                  value={kind}
                  onValueChange={(value) => {
                    setKind(value as BroadcastKind);
                    setFieldErrors({});
                  }}
                >
                  {(['product_update', 'marketing'] as const).map((option) => (
                    <div key={option} className="flex items-start gap-3">
                      <RadioGroupItem
                        value={option}
                        id={`${id}-kind-${option}`}
                        data-testid={`broadcast-kind-${option}`}
                        className="mt-0.5"
                      />
                      <div className="grid gap-0.5">
                        <Label htmlFor={`${id}-kind-${option}`}>
                          {t(`customers.mail.kind.${option}`)}
                        </Label>
                        <span className="text-xs text-muted-foreground">
                          {t(`customers.mail.kindHint.${option}`)}
                        </span>
                      </div>
                    </div>
                  ))}
                </RadioGroup>
              </fieldset>

              <fieldset className="grid gap-2" aria-describedby={`${id}-products-hint`}>
                <legend className="mb-1 text-sm font-medium">
                  {t('customers.mail.productsLabel')}
                </legend>
                <p id={`${id}-products-hint`} className="text-xs text-muted-foreground">
                  {t(`customers.mail.productsHint.${kind}`)}
                </p>
                {productsLoading ? (
                  <p className="text-sm text-muted-foreground">
                    {t('customers.mail.loadingProducts')}
                  </p>
                ) : products.length === 0 ? (
                  <p className="text-sm text-muted-foreground" data-testid="broadcast-no-products">
                    {t('customers.mail.noProducts')}
                  </p>
                ) : (
                  <ul className="grid max-h-56 gap-2 overflow-y-auto">
                    {products.map((product) => (
                      <li key={product.id} className="flex items-center gap-2">
                        <Checkbox
                          id={`${id}-product-${product.id}`}
                          checked={productIds.includes(product.id)}
                          onCheckedChange={(checked) =>
                            chooseProducts(toggle(productIds, product.id, checked === true))
                          }
                          data-testid="broadcast-product"
                          aria-label={product.title}
                        />
                        <Label htmlFor={`${id}-product-${product.id}`} className="wrap-anywhere">
                          {product.title}
                        </Label>
                      </li>
                    ))}
                  </ul>
                )}
                {error('productIds') ? (
                  <p className="text-sm text-destructive" role="alert">
                    {error('productIds')}
                  </p>
                ) : null}
              </fieldset>

              {kind === 'product_update' && chosenVersions.length > 0 ? (
                <fieldset className="grid gap-2">
                  <legend className="mb-1 text-sm font-medium">
                    {t('customers.mail.versionsLabel')}
                  </legend>
                  <ul className="grid max-h-56 gap-2 overflow-y-auto">
                    {chosenVersions.map((version) => (
                      <li key={version.id} className="flex items-start gap-2">
                        <Checkbox
                          id={`${id}-version-${version.id}`}
                          checked={versionIds.includes(version.id)}
                          onCheckedChange={(checked) =>
                            setVersionIds(toggle(versionIds, version.id, checked === true))
                          }
                          data-testid="broadcast-version"
                          className="mt-0.5"
                        />
                        <Label htmlFor={`${id}-version-${version.id}`} className="grid gap-0.5">
                          <span className="wrap-anywhere">
                            {version.label ?? `v${version.number}`} · {version.fileName}
                          </span>
                          {version.changelog ? (
                            <span className="line-clamp-2 text-xs font-normal text-muted-foreground">
                              {version.changelog}
                            </span>
                          ) : null}
                        </Label>
                      </li>
                    ))}
                  </ul>
                  {error('versionIds') ? (
                    <p className="text-sm text-destructive" role="alert">
                      {error('versionIds')}
                    </p>
                  ) : null}
                </fieldset>
              ) : null}

              <FormField
                id={`${id}-subject`}
                label={t('customers.mail.subject')}
                error={error('subject')}
                labelAside={
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {subject.length}/{limits.broadcasts.subjectMax}
                  </span>
                }
              >
                <Input
                  value={subject}
                  maxLength={limits.broadcasts.subjectMax}
                  onChange={(event) => setSubject(event.target.value)}
                  data-testid="broadcast-subject"
                  {...fieldAria(`${id}-subject`, error('subject'))}
                />
              </FormField>
              <FormField
                id={`${id}-body`}
                label={t('customers.mail.body')}
                hint={t('customers.mail.bodyHint')}
                error={error('body')}
                labelAside={
                  <span className="text-xs text-muted-foreground tabular-nums">
                    {count(body.length)}/{count(limits.broadcasts.bodyMax)}
                  </span>
                }
              >
                <Textarea
                  value={body}
                  rows={8}
                  maxLength={limits.broadcasts.bodyMax}
                  onChange={(event) => setBody(event.target.value)}
                  data-testid="broadcast-body"
                  {...fieldAria(`${id}-body`, error('body'), true)}
                />
              </FormField>

              <div
                className="grid gap-1 rounded-lg border p-3 text-sm"
                data-testid="broadcast-reach"
              >
                {kind === 'product_update' && productIds.length === 0 ? (
                  <span className="text-muted-foreground">
                    {t('customers.mail.reach.chooseProducts')}
                  </span>
                ) : counts.isError ? (
                  <span className="text-muted-foreground">{t('customers.mail.reach.failed')}</span>
                ) : counts.isPending ? (
                  <span className="text-muted-foreground">{t('customers.mail.reach.loading')}</span>
                ) : (
                  <>
                    <span className="font-medium" data-testid="broadcast-reach-count">
                      {t(
                        estimate.upTo ? 'customers.mail.reach.upTo' : 'customers.mail.reach.exact',
                        {
                          count: estimate.reach,
                          formatted: count(estimate.reach),
                        },
                      )}
                    </span>
                    {kind === 'marketing' ? (
                      <span
                        className="text-muted-foreground"
                        data-testid="broadcast-reach-left-out"
                      >
                        {t('customers.mail.reach.leftOut', {
                          noConsent: count(estimate.noConsent),
                          unsubscribed: count(estimate.unsubscribed),
                        })}
                      </span>
                    ) : (
                      <span className="text-muted-foreground">
                        {t('customers.mail.reach.updatesNote')}
                      </span>
                    )}
                  </>
                )}
              </div>

              {conflict ? (
                <ErrorAlert data-testid="broadcast-error">
                  {errorMessage(t, send.error, t('customers.mail.sendFailed'))}
                </ErrorAlert>
              ) : null}
              {result ? (
                <Alert data-testid="broadcast-result">
                  <AlertDescription className="grid gap-1">
                    <span className="font-medium">
                      {t('customers.mail.result.sent', { formatted: count(result.recipients) })}
                    </span>
                    <span>
                      {t('customers.mail.result.excluded', {
                        noConsent: count(result.excluded.noConsent),
                        unsubscribed: count(result.excluded.unsubscribed),
                        refunded: count(result.excluded.refunded),
                      })}
                    </span>
                  </AlertDescription>
                </Alert>
              ) : null}
              <Button type="submit" disabled={send.isPending} data-testid="broadcast-send">
                <SendIcon className="size-4" aria-hidden="true" />
                {send.isPending ? t('customers.mail.sending') : t('customers.mail.send')}
              </Button>
            </form>
          </CardContent>
        </Card>

        <Card>
          <CardHeader>
            <CardTitle>{t('customers.mail.previewTitle')}</CardTitle>
          </CardHeader>
          <CardContent>
            <Tabs
              value={previewLanguage}
              onValueChange={(value) => setPreviewLanguage(value as Language)}
            >
              <TabsList className="flex h-auto flex-wrap">
                {languages.map((code) => (
                  <TabsTrigger key={code} value={code} data-testid={`broadcast-preview-${code}`}>
                    {languageName(code, language)}
                  </TabsTrigger>
                ))}
              </TabsList>
              {languages.map((code) => {
                const mail = preview(code);
                return (
                  <TabsContent key={code} value={code} className="grid gap-3 pt-3">
                    <p className="text-sm">
                      <span className="text-muted-foreground">{t('customers.mail.subject')}: </span>
                      <span
                        className="font-medium wrap-anywhere"
                        data-testid="broadcast-preview-subject"
                      >
                        {mail.subject}
                      </span>
                    </p>
                    <div
                      className="grid gap-3 rounded-lg border p-4 text-sm"
                      lang={code}
                      data-testid="broadcast-preview-body"
                    >
                      {mail.blocks
                        .map((block, position) => ({ ...block, key: `${position}:${block.type}` }))
                        .map((block) =>
                          block.type === 'productHeading' ? (
                            <h3
                              key={block.key}
                              className="pt-2 text-base font-semibold wrap-anywhere"
                            >
                              {block.text}
                            </h3>
                          ) : block.type === 'changelogHeading' ? (
                            <h4 key={block.key} className="font-medium wrap-anywhere">
                              {block.text}
                            </h4>
                          ) : (
                            <p
                              key={block.key}
                              className={
                                block.type === 'footer'
                                  ? 'text-xs text-muted-foreground wrap-anywhere'
                                  : block.type === 'changelog'
                                    ? 'border-l-2 pl-3 whitespace-pre-wrap wrap-anywhere'
                                    : 'whitespace-pre-wrap wrap-anywhere'
                              }
                            >
                              {block.text}
                            </p>
                          ),
                        )}
                    </div>
                  </TabsContent>
                );
              })}
            </Tabs>
          </CardContent>
        </Card>
      </div>
      <BroadcastList />
    </div>
  );
}
