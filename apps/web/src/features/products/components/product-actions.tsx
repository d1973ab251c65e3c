import type { ProductListItem } from '@seller/contract/products/list-my-products';
import { EyeIcon, PencilIcon, Trash2Icon } from 'lucide-react';
import { useTranslation } from 'react-i18next';
import { Link } from 'react-router';
import { Button } from '@/components/ui/button';
import { paths } from '@/config/paths';

/** A listed product's view, edit and delete buttons, on its table row or its card. */
export function ProductActions({
  product,
  onDelete,
}: {
  product: ProductListItem;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  // The row itself opens the product; its action buttons must not.
  const stop = (event: React.SyntheticEvent) => event.stopPropagation();
  return (
    <div className="flex shrink-0 items-center justify-end gap-1">
      {[
        { to: paths.productDetail.href(product.id), label: t('products.list.view'), Icon: EyeIcon },
        {
          to: paths.productEdit.href(product.id),
          label: t('products.list.edit'),
          Icon: PencilIcon,
          testId: 'edit-product-link',
        },
      ].map(({ to, label, Icon, testId }) => (
        <Button key={to} variant="ghost" size="icon" className="size-8" asChild>
          <Link
            to={to}
            aria-label={`${label}: ${product.title}`}
            title={label}
            onClick={stop}
            data-testid={testId}
          >
            <Icon aria-hidden="true" />
          </Link>
        </Button>
      ))}
      <Button
        variant="ghost"
        size="icon"
        className="size-8 text-destructive hover:text-destructive"
        aria-label={`${t('products.list.delete')}: ${product.title}`}
        title={t('products.list.delete')}
        onClick={(event) => {
          stop(event);
          onDelete();
        }}
        data-testid="delete-product"
      >
        <Trash2Icon aria-hidden="true" />
      </Button>
    </div>
  );
}
