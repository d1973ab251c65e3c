import { Toaster as Sonner, type ToasterProps } from 'sonner';
import { useResolvedTheme } from '@/lib/use-theme';

/** The toast outlet (sonner), mounted once by the app provider. */
export function Toaster(props: ToasterProps) {
  const theme = useResolvedTheme();
  return (
    <Sonner
      theme={theme}
      className="toaster group"
      position="bottom-right"
      closeButton={false}
      toastOptions={{
        classNames: {
          toast: 'group toast border bg-background text-foreground shadow-lg',
          description: 'text-muted-foreground',
        },
      }}
      {...props}
    />
  );
}
