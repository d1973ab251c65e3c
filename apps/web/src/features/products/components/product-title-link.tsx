import type { ProductListItem } from '@seller/contract/products/list-my-products';
import { Link } from 'react-router';
import { paths } from '@/config/paths';
import { cn } from '@/lib/class-names';

/**
 * The product's title, linking to its page; the row or card around it must not open it too.
 * Cut after two lines (a 200-character title on a phone), whole on hover and on its page.
 */
export function ProductTitleLink({
  product,
  className,
}: {
  product: ProductListItem;
  className?: string;
}) {
  return (
    <Link
      to={paths.productDetail.href(product.id)}
      title={product.title}
      className={cn('line-clamp-2 min-w-0 font-medium wrap-anywhere hover:underline', className)}
      onClick={(event) => event.stopPropagation()}
      data-testid="product-title-link"
    >
      {product.title}
    </Link>
  );
}
