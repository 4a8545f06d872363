import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';

/** A route of this app, or a plain address for a §2.1 screen outside the route tree. */
export type LinkTarget = { to: LinkProps['to'] } | { href: string };

/** Client-side navigation where the router knows the route, an ordinary link where it does not. */
export function TargetLink({ target, className, label, children }: { target: LinkTarget; className: string; label?: string; children: ReactNode }) {
  return 'to' in target ? (
    <Link to={target.to} className={className} aria-label={label}>
      {children}
    </Link>
  ) : (
    <a href={target.href} className={className} aria-label={label}>
      {children}
    </a>
  );
}
