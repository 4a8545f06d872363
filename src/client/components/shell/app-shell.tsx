import { useEffect, type ReactNode } from 'react';
import type { Identity } from '../../lib/identity';
import { TooltipProvider } from '../ui/tooltip';
import { AppHeader } from './app-header';
import { AppSidebar } from './app-sidebar';
import { SidebarProvider } from './sidebar-context';
import { SupportLauncher } from '../../features/support/support-launcher';

/**
 * The signed-in frame of SPEC §2.8: header on top, sidebar on the left, the page on the right. The
 * platform's accent (healthcare teal, legal indigo, medicolegal violet) comes from [data-platform]
 * in styles.css; it is set on <html> as well so menus, drawers and toasts rendered in portals match.
 */
export function AppShell({ identity, children }: { identity: Identity; children: ReactNode }) {
  useEffect(() => {
    const root = document.documentElement;
    root.dataset.platform = identity.platform;
    return () => {
      delete root.dataset.platform;
    };
  }, [identity.platform]);

  return (
    <TooltipProvider>
      <SidebarProvider>
        <div data-platform={identity.platform} className="min-h-svh bg-background">
          <a
            href="#main-content"
            className="sr-only z-50 rounded-md bg-primary px-3 py-2 text-sm font-medium text-primary-foreground focus:not-sr-only focus:fixed focus:top-2 focus:left-2"
          >
            Skip to main content
          </a>
          <AppHeader identity={identity} />
          <div className="flex">
            <AppSidebar identity={identity} />
            {/* pb-24: room below the last line for the floating support button (3.5rem + 1rem), so it
                never covers a total, a Send button or a form's last field. */}
            <main id="main-content" tabIndex={-1} className="min-w-0 flex-1 bg-muted/20 pb-24 outline-none print:pb-0">
              {children}
            </main>
          </div>
          {/* SPEC §2.14: the Live Support button on every signed-in screen. */}
          <SupportLauncher identity={identity} />
        </div>
      </SidebarProvider>
    </TooltipProvider>
  );
}
