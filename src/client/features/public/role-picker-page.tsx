import { useSyncExternalStore } from 'react';
import { ZPlatform } from '../../../shared/domain/common';
import { Link } from '@tanstack/react-router';
import {
  Ambulance, ArrowLeft, BookOpen, Briefcase, Building2, Calculator, Check, ClipboardCheck, ClipboardList, Crown,
  FileText, Fingerprint, FlaskConical, Gavel, Handshake, HeartPulse, Landmark, LogIn, Microscope, Pill, Scale,
  ScanLine, ShieldCheck, Stethoscope, Syringe, type LucideIcon,
} from 'lucide-react';
import { DEMO_ROLES, type DemoRoleCard, type TDemoRoleColor, type TDemoRoleIcon } from '../../../shared/demo-roles';
import { PLATFORMS, PLATFORM_CONFIG, type TPlatform } from '../../../shared/platform';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { DEMO_KEYS, storeDemoIdentity } from '../../lib/demo-identity';
import { usePageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/use-hydrated';
import { cn } from '../../lib/utils';
import { PLATFORM_CHOICES } from './platform-choice';
import { PublicFooter, PublicHeader } from './public-layout';

// SPEC §2.5 / §3.8: the demo role picker served at /user-select and /select-user.

const ICONS: Record<TDemoRoleIcon, LucideIcon> = {
  Stethoscope, HeartPulse, Syringe, FlaskConical, ScanLine, Pill, Building2, Ambulance, Crown, Scale, Briefcase,
  FileText, ClipboardList, Gavel, BookOpen, ShieldCheck, Landmark, Microscope, Fingerprint, Calculator,
  ClipboardCheck, Handshake,
};

// Full class strings so Tailwind finds them when it scans this file.
const ICON_COLORS: Record<TDemoRoleColor, string> = {
  teal: 'bg-teal-100 text-teal-800',
  emerald: 'bg-emerald-100 text-emerald-800',
  sky: 'bg-sky-100 text-sky-800',
  cyan: 'bg-cyan-100 text-cyan-800',
  blue: 'bg-blue-100 text-blue-800',
  indigo: 'bg-indigo-100 text-indigo-800',
  violet: 'bg-violet-100 text-violet-800',
  purple: 'bg-purple-100 text-purple-800',
  fuchsia: 'bg-fuchsia-100 text-fuchsia-800',
  rose: 'bg-rose-100 text-rose-800',
  amber: 'bg-amber-100 text-amber-800',
  orange: 'bg-orange-100 text-orange-800',
  slate: 'bg-slate-100 text-slate-800',
};

/** SPEC §9: the card shows the first 3 permission phrases and counts the rest. */
const PERMISSIONS_SHOWN = 3;

/** SPEC §2.5: ?platform=, else the stored selected_platform, else healthcare. */
export function resolvePickerPlatform(searchPlatform: string | undefined, stored: string | null): TPlatform {
  const fromSearch = ZPlatform.safeParse(searchPlatform);
  if (fromSearch.success) return fromSearch.data;
  if (stored && (PLATFORMS as readonly string[]).includes(stored)) return stored as TPlatform;
  return 'healthcare';
}

function readStoredPlatform(): string | null {
  try {
    return localStorage.getItem(DEMO_KEYS.selectedPlatform);
  } catch {
    return null; // storage disabled: the default platform
  }
}

/**
 * The stored platform choice. The prerendered page (decision 0048) was built without storage, so
 * hydration starts from "none stored" (the server snapshot) and re-renders with the stored choice
 * at once, instead of failing to match the HTML.
 */
function useStoredPlatform(): string | null {
  return useSyncExternalStore(
    () => () => {},
    readStoredPlatform,
    () => null,
  );
}

function loginAs(card: DemoRoleCard, platform: TPlatform) {
  storeDemoIdentity({ userId: card.id, role: card.productRole, name: card.personName, isSuperAdmin: false, platform });
  // A full page load: the tRPC client picks the demo link at start-up (SPEC §7.1).
  window.location.assign('/');
}

function RoleCard({ card, platform }: { card: DemoRoleCard; platform: TPlatform }) {
  const hydrated = useHydrated();
  const Icon = ICONS[card.icon];
  const shown = card.permissions.slice(0, PERMISSIONS_SHOWN);
  const more = card.permissions.length - shown.length;
  const headingId = `role-${card.id}`;
  return (
    <li aria-labelledby={headingId} className="flex flex-col gap-4 rounded-xl border bg-card p-5 shadow-xs transition-colors hover:border-primary/40">
      <div className="flex items-start gap-3">
        <span className={cn('flex size-11 shrink-0 items-center justify-center rounded-lg', ICON_COLORS[card.color])}>
          <Icon className="size-5" aria-hidden="true" />
        </span>
        <div className="grid min-w-0 gap-0.5">
          <h2 id={headingId} className="leading-tight font-semibold">{card.name}</h2>
          {/* Most titles equal the role name; repeating them would only add noise. */}
          {card.title !== card.name && <p className="text-sm font-medium text-primary">{card.title}</p>}
          <p className="text-xs text-muted-foreground">Demo persona: {card.personName}</p>
        </div>
      </div>
      <p className="text-sm text-muted-foreground">{card.description}</p>
      <ul aria-label={`${card.name} permissions`} className="grid flex-1 content-start gap-1.5 text-sm">
        {shown.map((permission) => (
          <li key={permission} className="flex items-start gap-2">
            <Check className="mt-0.5 size-4 shrink-0 text-primary" aria-hidden="true" />
            {permission}
          </li>
        ))}
        {more > 0 && (
          <li>
            <Badge variant="secondary">+{more} more</Badge>
          </li>
        )}
      </ul>
      <Button onClick={() => loginAs(card, platform)} className="w-full" disabled={!hydrated}>
        <LogIn aria-hidden="true" />
        {/* Visibly just 'Login as' (SPEC §2.5); the role keeps each button's name unique for screen readers. */}
        Login as<span className="sr-only"> {card.name}</span>
      </Button>
    </li>
  );
}

export function RolePickerPage({ searchPlatform, path }: { searchPlatform: string | undefined; path: '/user-select' | '/select-user' }) {
  const platform = resolvePickerPlatform(searchPlatform, useStoredPlatform());
  const config = PLATFORM_CONFIG[platform];
  usePageMeta({
    title: `Choose a Demo Role – ${config.badge} | CaseBridge`,
    description: `Try the CaseBridge ${config.name.toLowerCase()} demo as one of eight roles, with sample ${config.caseTerminology} cases, schedules and messages. No sign-up needed.`,
    keywords: ['CaseBridge demo', `${config.name} case management`, 'role-based dashboard', 'South Africa'],
    path,
  });

  return (
    <div data-platform={platform} className="flex min-h-svh flex-col bg-muted/40">
      <PublicHeader>
        <Button asChild variant="ghost" size="sm">
          <Link to="/">
            <ArrowLeft aria-hidden="true" />
            Back to Home
          </Link>
        </Button>
      </PublicHeader>
      <main id="main" className="mx-auto grid w-full max-w-6xl flex-1 content-start gap-8 px-4 py-8 sm:px-6 sm:py-12">
        <div className="flex flex-col gap-6 md:flex-row md:items-end md:justify-between">
          <div className="grid gap-2">
            <Badge variant="accent">{config.badge}</Badge>
            <h1 className="text-3xl font-semibold tracking-tight">Choose your demo role</h1>
            <p className="max-w-2xl text-muted-foreground">
              Each role sees its own dashboard, navigation and sample data. Nothing you do in the demo leaves this browser.
            </p>
          </div>
          <nav aria-label="Demo platform" className="flex w-fit rounded-lg border bg-background p-1">
            {PLATFORMS.map((option) => (
              <Link
                key={option}
                to={path}
                search={{ platform: option }}
                aria-current={option === platform ? 'page' : undefined}
                className={cn(
                  'rounded-md px-3 py-1.5 text-sm font-medium outline-none focus-visible:ring-[3px] focus-visible:ring-ring/50',
                  option === platform ? 'bg-primary text-primary-foreground' : 'text-muted-foreground hover:bg-muted hover:text-foreground',
                )}
              >
                {PLATFORM_CHOICES[option].name}
              </Link>
            ))}
          </nav>
        </div>
        <ul aria-label={`${config.name} demo roles`} className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {DEMO_ROLES[platform].map((card) => (
            <RoleCard key={card.id} card={card} platform={platform} />
          ))}
        </ul>
      </main>
      <PublicFooter />
    </div>
  );
}
