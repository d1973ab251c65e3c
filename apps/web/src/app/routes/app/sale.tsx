import { useQuery } from '@tanstack/react-query';
import { useTranslation } from 'react-i18next';
import { useLocation, useParams } from 'react-router';
import { useExchangeRate } from '@/features/products/api/get-exchange-rate';
import { productQueryOptions } from '@/features/products/api/get-product';
import { useSale } from '@/features/sales/api/get-sale';
import { SaleDetail } from '@/features/sales/components/sale-detail';
import { salesListOf } from '@/features/sales/lib/sale-link';
import { showsYuan } from '@/lib/won-to-yuan';

/**
 * /sales/:purchaseId: one sale, its downloads and refunds. Its product (read once the sale is
 * here; a deleted product still answers) says how many downloads the sale gives; the back link
 * returns to the list the sale was opened from.
 */
export function SaleDetailRoute() {
  const { purchaseId = '' } = useParams();
  const { state } = useLocation();
  const { i18n } = useTranslation();
  const yuan = showsYuan(i18n.resolvedLanguage);
  const rate = useExchangeRate({ enabled: yuan });
  const productId = useSale(purchaseId).data?.sale.product_id;
  const product = useQuery({
    ...productQueryOptions(productId ?? ''),
    enabled: productId !== undefined,
  });
  const allowance = product.data
    ? { perFile: product.data.product.download_limit, files: product.data.files.length }
    : undefined;
  return (
    <SaleDetail
      key={purchaseId}
      purchaseId={purchaseId}
      allowance={allowance}
      allowancePending={product.isPending && product.fetchStatus !== 'idle'}
      backTo={salesListOf(state)}
      yuanRate={yuan ? rate.data : undefined}
    />
  );
}
