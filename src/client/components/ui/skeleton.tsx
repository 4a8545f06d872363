import type { ComponentProps } from 'react';
import { cn } from '../../lib/utils';

/** A grey placeholder block shown while data loads; hidden from screen readers (the region says it is busy). */
function Skeleton({ className, ...props }: ComponentProps<'div'>) {
  return <div data-slot="skeleton" aria-hidden="true" className={cn('animate-pulse rounded-md bg-muted', className)} {...props} />;
}

export { Skeleton };
