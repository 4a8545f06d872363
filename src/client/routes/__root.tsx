import { Outlet, createRootRouteWithContext } from '@tanstack/react-router';
import type { QueryClient } from '@tanstack/react-query';
import type { Trpc } from '../trpc';
import { ErrorPage } from '../components/error-page';
import { NotFoundPage } from '../components/not-found-page';

export type RouterContext = {
  queryClient: QueryClient;
  trpc: Trpc;
};

export const Route = createRootRouteWithContext<RouterContext>()({
  component: Outlet,
  errorComponent: ErrorPage,
  notFoundComponent: NotFoundPage,
});
