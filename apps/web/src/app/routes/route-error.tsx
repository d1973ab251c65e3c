import { AlertTriangleIcon } from 'lucide-react';
import { Component, type ErrorInfo, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useLocation } from 'react-router';
import { Button } from '@/components/ui/button';

/** Shown when a route fails to load or render (e.g. a chunk missing after a deploy). */
export function RouteError() {
  const { t } = useTranslation();
  return (
    <main className="mx-auto grid min-h-dvh max-w-md content-center justify-items-center gap-4 px-4 text-center">
      <AlertTriangleIcon className="size-10 text-destructive" aria-hidden="true" />
      <h1 className="text-2xl font-bold">{t('error.unexpected')}</h1>
      <p className="text-muted-foreground">{t('error.unexpectedDescription')}</p>
      <Button onClick={() => window.location.reload()}>{t('common.reload')}</Button>
    </main>
  );
}

interface BoundaryProps {
  children: ReactNode;
  /** The page's address: the error page goes away when it changes. */
  location: string;
}

interface BoundaryState {
  failed: boolean;
  location: string;
}

class ErrorBoundary extends Component<BoundaryProps, BoundaryState> {
  override state: BoundaryState = { failed: false, location: this.props.location };

  static getDerivedStateFromError(): Partial<BoundaryState> {
    return { failed: true };
  }

  static getDerivedStateFromProps(
    props: BoundaryProps,
    state: BoundaryState,
  ): Partial<BoundaryState> | null {
    return props.location === state.location ? null : { failed: false, location: props.location };
  }

  override componentDidCatch(error: unknown, info: ErrorInfo) {
    console.error('[route] The page failed to load or render:', error, info.componentStack);
  }

  override render() {
    return this.state.failed ? <RouteError /> : this.props.children;
  }
}

/** Shows RouteError instead of a page that throws, until the next navigation. */
export function RouteErrorBoundary({ children }: { children: ReactNode }) {
  const location = useLocation();
  return <ErrorBoundary location={location.key}>{children}</ErrorBoundary>;
}
