import { limits } from '@seller/contract/limits';
import { BadgePercentIcon, CheckCircle2Icon, GlobeIcon, WalletIcon, ZapIcon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate } from 'react-router';
import { QueryProvider } from '@/app/query-provider';
import { AuthLayout } from '@/components/layouts/auth-layout';
import { Badge } from '@/components/ui/badge';
import { Card, CardContent, CardDescription, CardHeader, CardTitle } from '@/components/ui/card';
import { paths } from '@/config/paths';
import { startSellerSession } from '@/features/auth/api/start-seller-session';
import { SignupForm } from '@/features/auth/components/signup-form';

function PromotionPanel() {
  const { t } = useTranslation();
  const benefits = [
    { icon: WalletIcon, text: t('auth.benefits.noFees') },
    { icon: ZapIcon, text: t('auth.benefits.instantPayment') },
    {
      icon: GlobeIcon,
      text: t('auth.benefits.currencies', { number: limits.currenciesSupported }),
    },
  ];
  return (
    <aside className="grid gap-6 lg:sticky lg:top-8">
      {/* Both ends of the gradient and the badge's tint keep white text at 4.5:1 or more, in
          either theme (the brand's indigo, not the theme's primary, which is light when dark). */}
      <section
        className="grid gap-3 rounded-xl bg-gradient-to-br from-indigo-600 to-violet-600 p-6 text-white shadow-sm"
        data-testid="promotion-banner"
      >
        <Badge variant="secondary" className="bg-white/15 text-white">
          <BadgePercentIcon aria-hidden="true" />
          {t('auth.promo.badge')}
        </Badge>
        <h2 className="text-2xl leading-tight font-bold">
          {t('auth.promo.title', { months: limits.commission.introMonths })}
        </h2>
        <p className="text-sm text-white/90">
          {t('auth.promo.description', { rate: limits.commission.standardRate * 100 })}
        </p>
      </section>
      <section className="grid gap-3 rounded-xl border bg-card p-6 shadow-sm">
        <h2 className="font-semibold">{t('auth.benefits.title')}</h2>
        <ul className="grid gap-3">
          {benefits.map((benefit) => (
            <li key={benefit.text} className="flex items-start gap-3 text-sm">
              <span className="flex size-8 shrink-0 items-center justify-center rounded-full bg-primary/10 text-primary">
                <benefit.icon className="size-4" aria-hidden="true" />
              </span>
              <span className="pt-1.5">{benefit.text}</span>
              <CheckCircle2Icon
                className="ml-auto size-4 shrink-0 text-success"
                aria-hidden="true"
              />
            </li>
          ))}
        </ul>
      </section>
    </aside>
  );
}

export function SignupRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  return (
    <AuthLayout>
      <div className="grid w-full max-w-5xl items-start gap-8 lg:grid-cols-[minmax(0,1fr)_minmax(0,24rem)]">
        <Card className="w-full">
          <CardHeader>
            <CardTitle as="h1" className="text-2xl">
              {t('auth.signup.title')}
            </CardTitle>
            <CardDescription>{t('auth.signup.subtitle')}</CardDescription>
          </CardHeader>
          <CardContent className="grid gap-6">
            <QueryProvider>
              <SignupForm
                onSuccess={(token) => {
                  startSellerSession(token);
                  void navigate(paths.home.href(), { replace: true });
                }}
              />
            </QueryProvider>
            <p className="text-center text-sm text-muted-foreground">
              {t('auth.signup.haveAccount')}{' '}
              <Link
                to={paths.login.href()}
                className="font-medium text-primary underline-offset-4 hover:underline"
              >
                {t('auth.signup.loginLink')}
              </Link>
            </p>
          </CardContent>
        </Card>
        <PromotionPanel />
      </div>
    </AuthLayout>
  );
}
