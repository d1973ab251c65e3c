import { ImageIcon } from 'lucide-react';
import { cn } from '@/lib/class-names';

export function ProductThumbnail({
  url,
  alt,
  className,
}: {
  url: string | null;
  alt: string;
  className?: string;
}) {
  return url ? (
    <img
      src={url}
      alt={alt}
      loading="lazy"
      className={cn('aspect-square shrink-0 rounded-md border object-cover', className)}
    />
  ) : (
    <div
      className={cn(
        'flex aspect-square shrink-0 items-center justify-center rounded-md border bg-muted text-muted-foreground',
        className,
      )}
    >
      <ImageIcon className="size-5" aria-hidden="true" />
    </div>
  );
}
