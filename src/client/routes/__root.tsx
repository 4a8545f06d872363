import { lazy, Suspense, useState } from 'react';
import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../trpc';
import { ErrorPage } from '../components/error-page';
import { NotFoundPage } from '../components/not-found-page';
import { useToast } from '../lib/use-toast';

// Radix's toast machinery is fetched with the first toast, not with every first visit (the landing
// page's download budget, npm run bench:bundle); once mounted it stays.
const Toaster = lazy(() => import('../components/ui/toaster').then((m) => ({ default: m.Toaster })));

export type RouterContext = {
  queryClient: QueryClient;
  trpc: Trpc;
};

export const Route = createRootRouteWithContext<RouterContext>()({
  component: RootLayout,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});

// The route rules of SPEC §2.1 live in routes/_app.tsx (identity) and its children; the public
// pages sit directly under the root. The toaster serves both.
function RootLayout() {
  const { toasts } = useToast();
  const [toasterNeeded, setToasterNeeded] = useState(false);
  if (toasts.length > 0 && !toasterNeeded) setToasterNeeded(true);
  return (
    <>
      <Outlet />
      {toasterNeeded && (
        <Suspense fallback={null}>
          <Toaster />
        </Suspense>
      )}
    </>
  );
}
