import type { ReactNode } from 'react';
import { Link } from '@tanstack/react-router';
import { cn } from '../../lib/utils';
import { BrandMark } from '../../components/brand-mark';
import { AssistantLauncher } from './assistant-launcher';

// The frame every public page shares: a brand link home, optional header actions, the page,
// and a short footer. Kept deliberately plain so forms stay the focus.

/** SPEC §2.4 {email} and {phone}: the direct contact details the public pages show. */
export const CONTACT = {
  email: 'hello@casebridge.co.za',
  supportEmail: 'support@casebridge.co.za',
  phone: '+27 21 555 0142',
  phoneHref: '+27215550142',
} as const;

export function PublicHeader({ children }: { children?: ReactNode }) {
  return (
    <header className="sticky top-0 z-40 border-b bg-background/95 backdrop-blur supports-[backdrop-filter]:bg-background/80">
      <div className="mx-auto flex h-16 max-w-6xl items-center justify-between gap-4 px-4 sm:px-6">
        <BrandMark />
        {children && <nav aria-label="Main" className="flex items-center gap-2">{children}</nav>}
      </div>
    </header>
  );
}

export function PublicFooter() {
  const year = new Date().getFullYear();
  return (
    <footer className="border-t bg-muted/40">
      <div className="mx-auto grid max-w-6xl gap-8 px-4 py-10 text-sm sm:grid-cols-3 sm:px-6">
        <div className="grid content-start gap-2">
          <BrandMark />
          <p className="text-muted-foreground">
            Case management for South African hospitals, clinics, law firms and state litigators.
          </p>
        </div>
        <nav aria-label="Get started" className="grid content-start gap-2">
          <h2 className="font-medium">Get started</h2>
          <Link to="/trial-signup" className="text-muted-foreground hover:text-foreground hover:underline">Free 30-day trial</Link>
          <Link to="/select-user" className="text-muted-foreground hover:text-foreground hover:underline">Try the demo</Link>
          <Link to="/login" className="text-muted-foreground hover:text-foreground hover:underline">Sign in</Link>
        </nav>
        <div className="grid content-start gap-2">
          <h2 className="font-medium">Contact</h2>
          <Link to="/register" className="text-muted-foreground hover:text-foreground hover:underline">Contact us for registration</Link>
          <a href={`mailto:${CONTACT.email}`} className="text-muted-foreground hover:text-foreground hover:underline">{CONTACT.email}</a>
          <a href={`tel:${CONTACT.phoneHref}`} className="text-muted-foreground hover:text-foreground hover:underline">{CONTACT.phone}</a>
        </div>
      </div>
      {/* The page is prerendered at build time (decision 0048): a build of last December served in
          January keeps its year until the next render rather than failing hydration over it. */}
      {/* pb-20 on a phone: the line clears the assistant's round button (3.5rem + 1rem) at the
          bottom right, which would cover it there (issue 32: the help button never covers content). */}
      <p className="border-t pt-4 pb-20 text-center text-xs text-muted-foreground sm:pb-4" suppressHydrationWarning>
        © {year} CaseBridge. Built in South Africa.
      </p>
      {/* SPEC §2.15: the AI assistant on every public page (each one ends with this footer). */}
      <AssistantLauncher />
    </footer>
  );
}

/** A centred single-column page below the public header. */
export function PublicPage({ children, header, className }: { children: ReactNode; header?: ReactNode; className?: string }) {
  return (
    <div className="flex min-h-svh flex-col bg-muted/40">
      <PublicHeader>{header}</PublicHeader>
      <main id="main" className={cn('mx-auto w-full max-w-6xl flex-1 px-4 py-8 sm:px-6 sm:py-12', className)}>
        {children}
      </main>
      <PublicFooter />
    </div>
  );
}
