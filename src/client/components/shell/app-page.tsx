import type { ReactNode } from 'react';
import { usePageMeta } from '../../lib/page-meta';
import { cn } from '../../lib/utils';

interface AppPageProps {
  /** Heading of the page; also the document title ('{title} | CaseBridge'). */
  title?: string;
  description?: ReactNode;
  /** Buttons shown at the right of the heading. */
  actions?: ReactNode;
  className?: string;
  children: ReactNode;
}

/** The page wrapper inside the shell (SPEC §2.8): an optional title row above the content. */
export function AppPage({ title, description, actions, className, children }: AppPageProps) {
  usePageMeta({ title: title ? `${title} | CaseBridge` : 'CaseBridge', noIndex: true });
  return (
    <div className={cn('mx-auto flex w-full max-w-6xl flex-col gap-6 p-4 sm:p-6 print:max-w-none print:p-0', className)}>
      {(title || actions) && (
        <div className="flex flex-wrap items-end justify-between gap-3">
          <div className="grid gap-1">
            {title && <h1 className="text-2xl font-semibold tracking-tight">{title}</h1>}
            {description && <p className="text-sm text-muted-foreground">{description}</p>}
          </div>
          {actions && <div className="flex flex-wrap items-center gap-2 print:hidden">{actions}</div>}
        </div>
      )}
      {children}
    </div>
  );
}
