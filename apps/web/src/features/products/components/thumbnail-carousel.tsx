import type { ProductThumbnail } from '@seller/contract/products/product';
import { ChevronLeftIcon, ChevronRightIcon, ImageIcon } from 'lucide-react';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { Button } from '@/components/ui/button';
import { cn } from '@/lib/class-names';

/** The main thumbnail first, then the others in their order. */
export function orderThumbnails(thumbnails: readonly ProductThumbnail[]): ProductThumbnail[] {
  const main = thumbnails.find((thumbnail) => thumbnail.is_main === 1) ?? thumbnails[0];
  return main ? [main, ...thumbnails.filter((thumbnail) => thumbnail !== main)] : [];
}

const steps = {
  previous: { side: 'left-2', Icon: ChevronLeftIcon, label: 'products.detail.previousImage' },
  next: { side: 'right-2', Icon: ChevronRightIcon, label: 'products.detail.nextImage' },
} as const;

function StepButton({ step, onClick }: { step: keyof typeof steps; onClick: () => void }) {
  const { t } = useTranslation();
  const { side, Icon, label } = steps[step];
  return (
    <Button
      type="button"
      variant="secondary"
      size="icon"
      className={cn('absolute top-1/2 size-9 -translate-y-1/2 rounded-full shadow', side)}
      aria-label={t(label)}
      onClick={onClick}
      data-testid={`carousel-${step}`}
    >
      <Icon aria-hidden="true" />
    </Button>
  );
}

/** Previous/next arrows, dots and a thumbnail strip. */
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
  /** What a dot and a strip item share: both show the image at `position`. */
  const showImage = (position: number) => ({
    type: 'button' as const,
    'aria-label': t('products.detail.showImage', { number: position + 1 }),
    'aria-current': position === index ? ('true' as const) : undefined,
    onClick: () => setIndex(position),
  });

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
            <StepButton step="previous" onClick={() => go(index - 1)} />
            <StepButton step="next" onClick={() => go(index + 1)} />
            <div className="absolute bottom-2 left-1/2 flex -translate-x-1/2 gap-1.5">
              {images.map((image, dot) => (
                <button
                  key={image.id}
                  {...showImage(dot)}
                  className={cn(
                    'size-2.5 rounded-full border border-white/80 shadow',
                    dot === index ? 'bg-white' : 'bg-white/40',
                  )}
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
              {...showImage(position)}
              className={cn(
                'shrink-0 overflow-hidden rounded-md border-2 outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                position === index ? 'border-primary' : 'border-transparent opacity-70',
              )}
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
