import { Link } from '@tanstack/react-router';
import { LogOut, PanelLeft, Settings } from 'lucide-react';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { HeaderSearch } from '../search/header-search';
import type { Identity } from '../../lib/identity';
import { Avatar, AvatarFallback, initialsOf } from '../ui/avatar';
import { Badge } from '../ui/badge';
import { Button } from '../ui/button';
import { Separator } from '../ui/separator';
import { useSidebar } from './sidebar-context';
import { LOGOUT_URL, forgetAuthToken, signOut } from './sign-out';
import { SupportBell } from '../../features/support/support-bell';
import { NotificationsBell } from './notifications-bell';

/** Opens the drawer below 768 px, else collapses / expands the sidebar (also Ctrl/Cmd+B). */
export function SidebarTrigger() {
  const { toggle, open, isMobile, openMobile } = useSidebar();
  return (
    <Button
      variant="ghost"
      size="icon"
      className="size-8"
      onClick={toggle}
      aria-label="Toggle sidebar"
      aria-expanded={isMobile ? openMobile : open}
      title="Toggle sidebar (Ctrl+B)"
    >
      <PanelLeft aria-hidden="true" />
    </Button>
  );
}

function LogoMark() {
  return (
    <svg viewBox="0 0 24 24" className="size-6 text-primary" aria-hidden="true">
      <rect width="24" height="24" rx="6" fill="currentColor" />
      <path d="M6 15.5c2.5-4.5 9.5-4.5 12 0" fill="none" stroke="white" strokeWidth="2" strokeLinecap="round" />
      <path d="M8 15.5V18M16 15.5V18M12 11v7" stroke="white" strokeWidth="2" strokeLinecap="round" />
    </svg>
  );
}

/** SPEC §2.8: logo, platform badge, the user's name and role, initials avatar and Sign Out. */
export function AppHeader({ identity }: { identity: Identity }) {
  const platform = PLATFORM_CONFIG[identity.platform];
  const displayName = identity.name || 'Signed-in user';
  return (
    <header className="sticky top-0 z-30 flex h-14 print:hidden items-center gap-2 border-b bg-background/95 px-3 backdrop-blur supports-[backdrop-filter]:bg-background/80 sm:gap-3 sm:px-4">
      <SidebarTrigger />
      <Separator orientation="vertical" className="!h-5" />
      <Link
        to="/"
        className="flex items-center gap-2 rounded-md text-base font-semibold tracking-tight outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50"
      >
        <LogoMark />
        <span>CaseBridge</span>
      </Link>
      <Badge variant="accent" className="hidden sm:inline-flex" data-testid="platform-badge">
        {platform.badge}
      </Badge>
      {/* Issue 19: search from anywhere, for the roles that search (each kind still needs its own read). */}
      <div className="ml-auto flex min-w-0 flex-1 items-center justify-end gap-2 sm:ml-2 sm:justify-start">
        {can(identity, 'search.use') && !identity.isSuperAdmin && <HeaderSearch />}
      </div>
      <div className="flex items-center gap-2 sm:gap-3">
        <div className="hidden text-right leading-tight md:block">
          <p className="text-sm font-medium">{displayName}</p>
          <p className="text-xs text-muted-foreground" data-testid="header-role">
            {identity.role}
          </p>
        </div>
        {/* Issue 21: every member's own bell; a Super Admin, who belongs to no organisation, has none. */}
        {!identity.isSuperAdmin && <NotificationsBell />}
        {/* SPEC §2.10: the support bell is the Super Admin's alone. */}
        {identity.isSuperAdmin && <SupportBell />}
        <Button asChild variant="ghost" size="icon" className="size-8">
          <Link to="/settings" aria-label="Settings" title="Settings: profile, password and sessions">
            <Settings aria-hidden="true" />
          </Link>
        </Button>
        <Avatar title={`${displayName}, ${identity.role}`}>
          <AvatarFallback aria-label={`${displayName}, ${identity.role}`}>{initialsOf(displayName)}</AvatarFallback>
        </Avatar>
        {identity.status === 'demo' ? (
          <Button variant="outline" size="sm" onClick={() => signOut(identity)}>
            <LogOut aria-hidden="true" />
            <span className="hidden sm:inline">Sign Out</span>
            <span className="sr-only sm:hidden">Sign Out</span>
          </Button>
        ) : (
          <Button asChild variant="outline" size="sm">
            {/* A full navigation: the server ends the session and redirects to /. */}
            <a href={LOGOUT_URL} onClick={forgetAuthToken}>
              <LogOut aria-hidden="true" />
              <span className="hidden sm:inline">Sign Out</span>
              <span className="sr-only sm:hidden">Sign Out</span>
            </a>
          </Button>
        )}
      </div>
    </header>
  );
}
