import { Link } from '@tanstack/react-router';
import { cn } from '../lib/utils';

/** The CaseBridge name and mark, a link home: the public pages' header and the failure pages (issue 17). */
export function BrandMark({ className }: { className?: string }) {
  return (
    <Link
      to="/"
      className={cn(
        'inline-flex items-center gap-2 rounded-md text-lg font-semibold tracking-tight text-foreground outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
        className,
      )}
    >
      <svg viewBox="0 0 32 32" className="size-7" aria-hidden="true">
        <rect width="32" height="32" rx="7" className="fill-primary" />
        <path d="M9 16h14M16 9v14" stroke="#fff" strokeWidth="4" strokeLinecap="round" />
      </svg>
      CaseBridge
    </Link>
  );
}
