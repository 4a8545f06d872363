import type { ReactNode } from 'react';
import { Link, type LinkProps } from '@tanstack/react-router';

/** A route of this app that a dashboard panel links to. */
export type LinkTarget = { to: LinkProps['to'] };

/** Client-side navigation to a route of the app. */
export function TargetLink({ target, className, label, children }: { target: LinkTarget; className: string; label?: string; children: ReactNode }) {
  return (
    <Link to={target.to} className={className} aria-label={label}>
      {children}
    </Link>
  );
}
