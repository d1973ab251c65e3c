import { discountStatuses } from '@seller/contract/discounts/discount';
import { toKrw } from '@seller/contract/products/get-exchange-rate';
import { useTranslation } from 'react-i18next';
import { Link, useNavigate, useParams, useSearchParams } from 'react-router';
import { toast } from 'sonner';
import { PageHeader } from '@/components/layouts/page-header';
import { Alert, AlertDescription } from '@/components/ui/alert';
import { paths } from '@/config/paths';
import { useFindDiscount } from '@/features/discounts/api/find-discount';
import { DiscountForm, type DiscountProduct } from '@/features/discounts/components/discount-form';
import { type DiscountFilter, DiscountsList } from '@/features/discounts/components/discounts-list';
import { useExchangeRate } from '@/features/products/api/get-exchange-rate';
import { useMyProducts } from '@/features/products/api/get-my-products';
import { errorMessage } from '@/lib/error-messages';

const filterOf = (value: string | null): DiscountFilter =>
  discountStatuses.find((status) => status === value) ?? 'current';
const pageOf = (value: string | null): number => {
  const page = Number(value);
  return Number.isSafeInteger(page) && page >= 1 ? page : 1;
};

/** /discounts: the seller's codes by status (`?status=`), a page at a time (`?page=`). */
export function DiscountsRoute() {
  const { t } = useTranslation();
  const [search, setSearch] = useSearchParams();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t('discounts.title')} subtitle={t('discounts.subtitle')} />
      <DiscountsList
        filter={filterOf(search.get('status'))}
        page={pageOf(search.get('page'))}
        onFilterChange={(filter) =>
          setSearch(filter === 'current' ? {} : { status: filter }, { replace: true })
        }
        onPageChange={(page) =>
          setSearch((current) => {
            const next = new URLSearchParams(current);
            next.set('page', String(page));
            return next;
          })
        }
      />
    </div>
  );
}

/** The seller's products for the form: each with its price in won at today's rate. */
function useDiscountProducts(): { products: DiscountProduct[]; pending: boolean } {
  const products = useMyProducts();
  const rate = useExchangeRate();
  return {
    pending: products.isPending,
    products: (products.data ?? []).map((product) => ({
      id: product.id,
      title: product.title,
      priceKrw: rate.data ? toKrw(product.price, rate.data) : undefined,
    })),
  };
}

/** /discounts/new */
export function DiscountCreateRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { products, pending } = useDiscountProducts();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t('discounts.form.createTitle')} subtitle={t('discounts.form.subtitle')} />
      {pending ? (
        <p className="text-sm text-muted-foreground">{t('discounts.list.loading')}</p>
      ) : (
        <DiscountForm
          products={products}
          onSaved={(discount) => {
            toast.success(t('discounts.form.created', { code: discount.code }));
            void navigate(paths.discounts.href());
          }}
        />
      )}
    </div>
  );
}

/** /discounts/:discountId/edit */
export function DiscountEditRoute() {
  const { t } = useTranslation();
  const navigate = useNavigate();
  const { discountId = '' } = useParams();
  const found = useFindDiscount(discountId);
  const { products, pending } = useDiscountProducts();
  return (
    <div className="grid grid-cols-1 gap-6">
      <PageHeader title={t('discounts.form.editTitle')} subtitle={t('discounts.form.subtitle')} />
      {found.isError ? (
        <Alert variant="destructive">
          <AlertDescription>
            {errorMessage(t, found.error, t('discounts.list.loadFailed'))}
          </AlertDescription>
        </Alert>
      ) : found.isPending || pending ? (
        <p className="text-sm text-muted-foreground">{t('discounts.list.loading')}</p>
      ) : found.data === null ? (
        <p data-testid="discount-missing">
          {t('discounts.form.missing')}{' '}
          <Link to={paths.discounts.href()} className="text-primary underline">
            {t('discounts.form.back')}
          </Link>
        </p>
      ) : (
        <DiscountForm
          key={found.data.id}
          discount={found.data}
          products={products}
          onSaved={(discount) => {
            toast.success(t('discounts.form.saved', { code: discount.code }));
            void navigate(paths.discounts.href());
          }}
        />
      )}
    </div>
  );
}
