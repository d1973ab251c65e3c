import { Skeleton } from '@/components/ui/skeleton';

/** What the product list shows until the products are there. */
export function ProductListSkeleton() {
  return (
    <div className="grid gap-3" data-testid="products-skeleton">
      {[0, 1, 2].map((row) => (
        <div key={row} className="flex items-center gap-4 rounded-lg border p-3">
          <Skeleton className="size-12 rounded-md" />
          <div className="grid flex-1 gap-2">
            <Skeleton className="h-4 w-1/3" />
            <Skeleton className="h-3 w-2/3" />
          </div>
          <Skeleton className="h-6 w-16" />
        </div>
      ))}
    </div>
  );
}
