import { useId } from 'react';
import { Link, useRouterState, type LinkProps } from '@tanstack/react-router';
import {
  Contact,
  BedDouble,
  Building2,
  CalendarDays,
  ChartColumn,
  Archive,
  ClipboardList,
  Clock,
  FileText,
  GraduationCap,
  HeartPulse,
  Hospital,
  Inbox,
  LayoutDashboard,
  LifeBuoy,
  ListChecks,
  LogOut,
  MessageSquare,
  Receipt,
  ScrollText,
  Settings,
  UserPlus,
  Users,
  Wallet,
  Workflow,
  type LucideIcon,
  Banknote,
  HandCoins,
  Landmark,
} from 'lucide-react';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { navigationFor, type NavItem } from '../../../shared/roles';
import { useWithoutBillingScreens } from './billing-nav';
import type { Identity } from '../../lib/identity';
import { cn } from '../../lib/utils';
import { Badge } from '../ui/badge';
import { Sheet, SheetContent, SheetDescription, SheetTitle } from '../ui/sheet';
import { Tooltip, TooltipContent, TooltipTrigger } from '../ui/tooltip';
import { useMessagesBadge } from './messages-badge';
import { RoleSwitcher } from './role-switcher';
import { SIDEBAR_WIDTH_MOBILE, useSidebar } from './sidebar-context';
import { signOut } from './sign-out';

const NAV_ICONS: Record<string, LucideIcon> = {
  '/patients': ClipboardList,
  '/people': Contact,
  '/schedule': CalendarDays,
  '/education': GraduationCap,
  '/messages': MessageSquare,
  '/organizations': Building2,
  '/bed-management': BedDouble,
  '/ward-census': Hospital, // issue 22
  '/legal-documents': FileText,
  '/cost-management': Wallet,
  '/accounts': Banknote, // issue 33
  '/fees': HandCoins, // issue 34: the fee reports
  '/trust': Landmark, // issue 34: the trust account
  '/analytics': ChartColumn,
  '/crm': Workflow,
  '/my-time': Clock,
  '/trial-signups': UserPlus,
  '/contact-requests': Inbox,
  '/support': LifeBuoy,
  '/system-settings': Settings,
  '/audit': ScrollText,
  '/tasks': ListChecks, // issue 32
  '/users': Users,
  '/billing': Receipt,
  '/retention': Archive,
};

function iconOf(item: NavItem): LucideIcon {
  if (item.to === '/') return item.label === 'Patient Portal' ? HeartPulse : LayoutDashboard;
  return NAV_ICONS[item.to] ?? LayoutDashboard;
}

function isActive(item: NavItem, pathname: string): boolean {
  // Sign-in lands on /dashboard, which is the same dashboard as /.
  if (item.to === '/') return pathname === '/' || pathname === '/dashboard';
  return pathname === item.to || pathname.startsWith(`${item.to}/`);
}

function NavLink({ item, collapsed, badge, onNavigate }: { item: NavItem; collapsed: boolean; badge: number | null; onNavigate?: () => void }) {
  const pathname = useRouterState({ select: (state) => state.location.pathname });
  const active = isActive(item, pathname);
  const Icon = iconOf(item);

  const link = (
    <Link
      to={item.to as LinkProps['to']}
      onClick={onNavigate}
      aria-current={active ? 'page' : undefined}
      className={cn(
        'flex h-9 items-center gap-3 rounded-md px-2.5 text-sm text-foreground/80 outline-none transition-colors hover:bg-accent hover:text-accent-foreground focus-visible:ring-[3px] focus-visible:ring-ring/50',
        active && 'bg-accent font-medium text-accent-foreground',
        collapsed && 'relative size-8 justify-center px-0',
      )}
    >
      <Icon className="size-4 shrink-0" aria-hidden="true" />
      <span className={cn('flex-1 truncate', collapsed && 'sr-only')}>{item.label}</span>
      {badge !== null && (
        <>
          <span
            aria-hidden="true"
            className={cn(
              'flex min-w-5 items-center justify-center rounded-full bg-primary px-1.5 text-[0.7rem] leading-5 font-semibold text-primary-foreground',
              collapsed && 'absolute -top-1 -right-1 h-4 min-w-4 px-1 text-[0.6rem] leading-4',
            )}
          >
            {badge}
          </span>
          <span className="sr-only">, {badge} unread</span>
        </>
      )}
    </Link>
  );

  if (!collapsed) return <li>{link}</li>;
  return (
    <li>
      <Tooltip>
        <TooltipTrigger asChild>{link}</TooltipTrigger>
        <TooltipContent side="right">{item.label}</TooltipContent>
      </Tooltip>
    </li>
  );
}

/** The sidebar's content; the desktop rail and the mobile drawer both render it. */
function SidebarBody({ identity, collapsed, onNavigate }: { identity: Identity; collapsed: boolean; onNavigate?: () => void }) {
  const items = useWithoutBillingScreens(identity, navigationFor({ role: identity.role, isSuperAdmin: identity.isSuperAdmin }, identity.platform));
  const work = items.filter((item) => item.section !== 'Administration');
  const administration = items.filter((item) => item.section === 'Administration');
  const adminHeadingId = useId();
  const messagesBadge = useMessagesBadge(identity);
  const signOutButton = (
    <button
      type="button"
      onClick={() => signOut(identity)}
      aria-label={collapsed ? 'Sign Out' : undefined}
      className={cn(
        'flex h-9 w-full items-center gap-3 rounded-md px-2.5 text-sm text-foreground/80 outline-none transition-colors hover:bg-destructive/10 hover:text-destructive focus-visible:ring-[3px] focus-visible:ring-ring/50',
        collapsed && 'size-8 justify-center px-0',
      )}
    >
      <LogOut className="size-4 shrink-0" aria-hidden="true" />
      {!collapsed && <span>Sign Out</span>}
    </button>
  );

  return (
    <div className={cn('flex h-full flex-col gap-4 py-3', collapsed ? 'items-center px-2' : 'px-3')}>
      <RoleSwitcher identity={identity} collapsed={collapsed} />
      <nav aria-label="Main" className="min-h-0 w-full flex-1 overflow-y-auto">
        {!collapsed && <p className="px-2.5 pb-2 text-xs font-medium text-muted-foreground">Navigation</p>}
        <ul className={cn('flex flex-col gap-1', collapsed && 'items-center')}>
          {work.map((item) => (
            <NavLink key={item.to} item={item} collapsed={collapsed} badge={item.to === '/messages' ? messagesBadge : null} onNavigate={onNavigate} />
          ))}
        </ul>
        {administration.length > 0 && (
          // Issue 32: the organisation's administration under its own heading (a rule when collapsed).
          <div role="group" aria-labelledby={collapsed ? undefined : adminHeadingId} aria-label={collapsed ? 'Administration' : undefined} className={cn('mt-4', collapsed && 'border-t pt-3')}>
            {!collapsed && (
              <p id={adminHeadingId} className="px-2.5 pb-2 text-xs font-medium text-muted-foreground">
                Administration
              </p>
            )}
            <ul className={cn('flex flex-col gap-1', collapsed && 'items-center')}>
              {administration.map((item) => (
                <NavLink key={item.to} item={item} collapsed={collapsed} badge={null} onNavigate={onNavigate} />
              ))}
            </ul>
          </div>
        )}
      </nav>
      <div className={cn('w-full border-t pt-3', collapsed && 'flex justify-center')}>
        {collapsed ? (
          <Tooltip>
            <TooltipTrigger asChild>{signOutButton}</TooltipTrigger>
            <TooltipContent side="right">Sign Out</TooltipContent>
          </Tooltip>
        ) : (
          signOutButton
        )}
      </div>
    </div>
  );
}

export function AppSidebar({ identity }: { identity: Identity }) {
  const { open, isMobile, openMobile, setOpenMobile } = useSidebar();

  if (isMobile) {
    return (
      <Sheet open={openMobile} onOpenChange={setOpenMobile}>
        <SheetContent side="left" className="gap-0 p-0" style={{ width: SIDEBAR_WIDTH_MOBILE, maxWidth: '85vw' }} closeLabel="Close sidebar">
          <div className="flex h-14 items-center gap-2 border-b px-4 pr-10">
            <SheetTitle className="text-base text-primary">CaseBridge</SheetTitle>
            <Badge variant="accent">{PLATFORM_CONFIG[identity.platform].badge}</Badge>
            <SheetDescription className="sr-only">Navigation and role</SheetDescription>
          </div>
          <SidebarBody identity={identity} collapsed={false} onNavigate={() => setOpenMobile(false)} />
        </SheetContent>
      </Sheet>
    );
  }

  return (
    // The outer column stretches with the page so its background never ends; the aside inside
    // stays in view while the page scrolls.
    // Widths as classes (w-64 = SIDEBAR_WIDTH, w-12 = SIDEBAR_WIDTH_ICON), not a style attribute, and
    // hidden below the breakpoint by CSS: a server-rendered first page (decision 0051) paints this
    // frame before any script, on a phone too, and the CSP refuses inline style attributes.
    <div className={cn('shrink-0 border-r bg-muted/40 transition-[width] duration-200 ease-out max-md:hidden print:hidden', open ? 'w-64' : 'w-12')}>
      <aside aria-label="Sidebar" data-state={open ? 'expanded' : 'collapsed'} className="sticky top-14 h-[calc(100svh-3.5rem)] overflow-hidden">
        <SidebarBody identity={identity} collapsed={!open} />
      </aside>
    </div>
  );
}
