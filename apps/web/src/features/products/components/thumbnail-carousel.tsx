import type { ProductThumbnail } from '@seller/contract/products/product';
import { ChevronLeftIcon, ChevronRightIcon, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/utils';

/** The main thumbnail first, then the others in their order. */
export function orderThumbnails(thumbnails: readonly ProductThumbnail[]): ProductThumbnail[] {
  const main = thumbnails.find((thumbnail) => thumbnail.is_main === 1) ?? thumbnails[0];
  return main ? [main, ...thumbnails.filter((thumbnail) => thumbnail !== main)] : [];
}

/** Previous/next arrows, dots and a thumbnail strip (spec section 2). */
export function ThumbnailCarousel({
  thumbnails,
  title,
}: {
  thumbnails: readonly ProductThumbnail[];
  title: string;
}) {
  const { t } = useTranslation();
  const images = orderThumbnails(thumbnails);
  const [index, setIndex] = useState(0);
  const count = images.length;
  const current = images[Math.min(index, count - 1)];

  if (!current) {
    return (
      <div className="flex aspect-video items-center justify-center rounded-lg border bg-muted text-muted-foreground">
        <ImageIcon className="size-8" aria-hidden="true" />
        <span className="sr-only">{t('products.detail.noImages')}</span>
      </div>
    );
  }

  const go = (next: number) => setIndex((next + count) % count);

  return (
    <div className="grid gap-3" data-testid="carousel" data-index={index}>
      <div className="relative overflow-hidden rounded-lg border bg-muted">
        <img
          src={current.s3_url}
          alt={`${title} (${index + 1}/${count})`}
          className="aspect-video w-full object-contain"
          data-testid="carousel-image"
        />
        {count > 1 ? (
          <>
            <Button
              type="button"
              variant="secondary"
              size="icon"
              className="absolute top-1/2 left-2 size-9 -translate-y-1/2 rounded-full shadow"
              aria-label={t('products.detail.previousImage')}
              onClick={() => go(index - 1)}
              data-testid="carousel-previous"
            >
              <ChevronLeftIcon aria-hidden="true" />
            </Button>
            <Button
              type="button"
              variant="secondary"
              size="icon"
              className="absolute top-1/2 right-2 size-9 -translate-y-1/2 rounded-full shadow"
              aria-label={t('products.detail.nextImage')}
              onClick={() => go(index + 1)}
              data-testid="carousel-next"
            >
              <ChevronRightIcon aria-hidden="true" />
            </Button>
            <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 gap-1.5">
              {images.map((image, dot) => (
                <button
                  key={image.id}
                  type="button"
                  className={cn(
                    'size-2.5 rounded-full border border-white/80 shadow',
                    dot === index ? 'bg-white' : 'bg-white/40',
                  )}
                  aria-label={t('products.detail.showImage', { number: dot + 1 })}
                  aria-current={dot === index ? 'true' : undefined}
                  onClick={() => setIndex(dot)}
                  data-testid="carousel-dot"
                />
              ))}
            </div>
          </>
        ) : null}
      </div>
      {count > 1 ? (
        <div className="flex gap-2 overflow-x-auto pb-1">
          {images.map((image, position) => (
            <button
              key={image.id}
              type="button"
              className={cn(
                'shrink-0 overflow-hidden rounded-md border-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                position === index ? 'border-primary' : 'border-transparent opacity-70',
              )}
              aria-label={t('products.detail.showImage', { number: position + 1 })}
              aria-current={position === index ? 'true' : undefined}
              onClick={() => setIndex(position)}
              data-testid="carousel-strip-item"
            >
              <img src={image.s3_url} alt="" className="size-16 object-cover" />
            </button>
          ))}
        </div>
      ) : null}
    </div>
  );
}
