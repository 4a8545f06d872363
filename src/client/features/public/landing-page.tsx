import { lazy, Suspense, useRef, useState } from 'react';
import { Link } from '@tanstack/react-router';
import {
  ArrowRight,
  BarChart3,
  BookOpen,
  CheckCircle2,
  ClipboardList,
  LogIn,
  MessagesSquare,
  MonitorPlay,
  PlugZap,
  ShieldCheck,
  UserRound,
  type LucideIcon,
} from 'lucide-react';
import { Button } from '../../components/ui/button';
import { storeDemoIdentity } from '../../lib/demo-identity';
import { usePageMeta } from '../../lib/page-meta';
import { useHydrated } from '../../lib/use-hydrated';
import { PlatformCards } from './platform-choice';

const PlatformDialog = lazy(() => import('./platform-dialog'));
import { PublicFooter, PublicHeader } from './public-layout';

// SPEC §2.2: the landing page a visitor without an identity sees at /.

const FEATURES: { icon: LucideIcon; title: string; description: string }[] = [
  {
    icon: ClipboardList,
    title: 'Patient case management',
    description: 'Role-based case assignment and workflow automation, from admission to discharge or from instruction to settlement.',
  },
  {
    icon: BookOpen,
    title: 'Educational resources',
    description: 'Courses, videos and guides targeted at each role, so training lives next to the work.',
  },
  {
    icon: MessagesSquare,
    title: 'Secure team messaging',
    description: 'Direct and broadcast messages between the people working a case, with unread counts at a glance.',
  },
  {
    icon: BarChart3,
    title: 'Analytics and reporting',
    description: 'Caseload, completion and efficiency figures by day, week, month or year.',
  },
  {
    icon: PlugZap,
    title: 'CRM integration',
    description: 'Connect the systems you already run and keep them in sync with one click.',
  },
  {
    icon: ShieldCheck,
    title: 'Compliance readiness',
    description: 'Built for POPIA and professional-body requirements, with an audit trail on every record.',
  },
];

const TRIAL_POINTS = ['30 days free', 'No credit card', 'Up to 10 users', 'Access within 24 hours'];

// SPEC §3.6: the default healthcare demo figures, so the preview matches what the demo shows.
const PREVIEW_FIGURES = [
  { label: 'Active patients', value: '156' },
  { label: 'Cases completed', value: '89' },
  { label: 'Team efficiency', value: '94%' },
  { label: 'Revenue impact', value: 'R1.25m' },
];

/** A glimpse of the healthcare demo dashboard beside the hero on wide screens. */
function DashboardPreview() {
  return (
    <figure className="hidden rounded-2xl border bg-card p-5 shadow-lg lg:grid lg:gap-4" aria-labelledby="preview-caption">
      <figcaption id="preview-caption" className="flex items-center justify-between text-sm">
        <span className="font-semibold">Healthcare demo dashboard</span>
        <span className="rounded-md bg-accent px-2 py-0.5 text-xs font-medium text-accent-foreground">Sample data</span>
      </figcaption>
      <dl className="grid grid-cols-2 gap-3">
        {PREVIEW_FIGURES.map(({ label, value }) => (
          <div key={label} className="grid gap-1 rounded-lg border bg-background p-3">
            <dt className="text-xs text-muted-foreground">{label}</dt>
            <dd className="text-2xl font-semibold tracking-tight">{value}</dd>
          </div>
        ))}
      </dl>
      <div className="grid gap-2 text-sm">
        {['Bed 12A · post-op review', 'Ward round · 09:30', 'Lab results ready · 3'].map((item) => (
          <p key={item} className="flex items-center gap-2 rounded-md bg-muted/60 px-3 py-2 text-muted-foreground">
            <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
            {item}
          </p>
        ))}
      </div>
    </figure>
  );
}

/**
 * Full page load: the app decides at start-up whether a demo identity is stored (SPEC §7.1). The
 * role catalogue is imported on click so a first visit to / does not download it.
 */
async function enterPatientPortal() {
  const { PATIENT_PORTAL_IDENTITY } = await import('../../../shared/demo-roles');
  storeDemoIdentity(PATIENT_PORTAL_IDENTITY);
  window.location.assign('/');
}

export function LandingPage() {
  usePageMeta({
    title: 'CaseBridge | Case management for healthcare, legal and medicolegal teams',
    description:
      'Case management for South African hospitals, clinics, law firms and state litigators. Start a free 30-day trial, try the demo or sign in.',
    keywords: ['case management', 'hospital software', 'law firm software', 'medicolegal', 'South Africa', 'POPIA', 'free trial', 'demo'],
    path: '/',
  });
  // Prerendered (decision 0048): the buttons that run script wait for hydration; links work at once.
  const hydrated = useHydrated();
  const [demoDialogOpen, setDemoDialogOpen] = useState(false);
  const demoButton = useRef<HTMLButtonElement>(null);

  return (
    <div className="flex min-h-svh flex-col">
      <PublicHeader>
        <Button asChild variant="ghost" size="sm">
          <Link to="/login">Sign In</Link>
        </Button>
        <Button asChild size="sm">
          <Link to="/select-user">Try Demo</Link>
        </Button>
      </PublicHeader>

      <main id="main" className="flex-1">
        <section aria-labelledby="hero-title" className="border-b bg-gradient-to-b from-accent/60 to-background">
          <div className="mx-auto grid max-w-6xl items-center gap-12 px-4 py-16 sm:px-6 md:py-24 lg:grid-cols-[1fr_22rem]">
            <div className="grid gap-8">
              <div className="grid max-w-3xl gap-5">
                <p className="w-fit rounded-full border bg-background px-3 py-1 text-xs font-medium text-accent-foreground">
                  Healthcare · Legal · Medicolegal
                </p>
                <h1 id="hero-title" className="grid gap-3 text-4xl font-semibold tracking-tight text-balance sm:text-5xl">
                  <span className="text-base font-semibold tracking-normal text-primary">CaseBridge</span>
                  One case management platform for hospitals, law firms and state litigators
                </h1>
                <p className="max-w-2xl text-lg text-muted-foreground">
                  CaseBridge brings cases, schedules, beds, costs and secure messaging together, with dashboards for every role — built for
                  South African organisations.
                </p>
              </div>
              <div className="flex flex-col gap-3 sm:flex-row sm:flex-wrap">
                <Button asChild size="lg">
                  <Link to="/trial-signup">
                    Start Free 30-Day Trial
                    <ArrowRight aria-hidden="true" />
                  </Link>
                </Button>
                <Button ref={demoButton} size="lg" variant="outline" aria-haspopup="dialog" onClick={() => setDemoDialogOpen(true)} disabled={!hydrated}>
                  <MonitorPlay aria-hidden="true" />
                  Try Demo Access
                </Button>
                {demoDialogOpen && (
                  <Suspense fallback={null}>
                    <PlatformDialog open onOpenChange={setDemoDialogOpen} returnFocusTo={demoButton} />
                  </Suspense>
                )}
                <Button asChild size="lg" variant="ghost">
                  <Link to="/login">
                    <LogIn aria-hidden="true" />
                    Sign In to Account
                  </Link>
                </Button>
              </div>
              <ul className="flex flex-wrap gap-x-6 gap-y-2 text-sm text-muted-foreground" aria-label="Trial terms">
                {TRIAL_POINTS.map((point) => (
                  <li key={point} className="flex items-center gap-1.5">
                    <CheckCircle2 className="size-4 text-primary" aria-hidden="true" />
                    {point}
                  </li>
                ))}
              </ul>
            </div>
            <DashboardPreview />
          </div>
        </section>

        <section aria-labelledby="demo-access-title" className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6">
          <div className="grid max-w-2xl gap-2">
            <h2 id="demo-access-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              Demo Access
            </h2>
            <p className="text-muted-foreground">
              Explore a fully populated demo without signing up. Choose a platform, then pick the role you want to see it as.
            </p>
          </div>
          <PlatformCards />
        </section>

        <section aria-labelledby="alternative-access-title" className="border-y bg-muted/40">
          <div className="mx-auto grid max-w-6xl gap-6 px-4 py-12 sm:px-6 md:grid-cols-[1fr_auto] md:items-center">
            <div className="grid gap-2">
              <h2 id="alternative-access-title" className="text-xl font-semibold tracking-tight">
                Alternative Access
              </h2>
              <p className="text-muted-foreground">Go straight to the healthcare demo, or see what patients see in their own portal.</p>
            </div>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button asChild variant="outline">
                <Link to="/user-select" search={{ platform: 'healthcare' }}>
                  <MonitorPlay aria-hidden="true" />
                  Demo Platform
                </Link>
              </Button>
              <Button variant="outline" onClick={() => void enterPatientPortal()} disabled={!hydrated}>
                <UserRound aria-hidden="true" />
                Patient Portal
              </Button>
            </div>
          </div>
        </section>

        <section aria-labelledby="features-title" className="mx-auto grid max-w-6xl gap-8 px-4 py-16 sm:px-6">
          <div className="grid max-w-2xl gap-2">
            <h2 id="features-title" className="text-2xl font-semibold tracking-tight sm:text-3xl">
              Everything a case needs
            </h2>
            <p className="text-muted-foreground">The same platform serves clinical, legal and medicolegal teams, in their own words.</p>
          </div>
          <ul className="grid gap-4 sm:grid-cols-2 lg:grid-cols-3">
            {FEATURES.map(({ icon: Icon, title, description }) => (
              <li key={title} className="grid content-start gap-3 rounded-xl border bg-card p-6 shadow-xs">
                <span className="flex size-10 items-center justify-center rounded-lg bg-accent text-accent-foreground">
                  <Icon className="size-5" aria-hidden="true" />
                </span>
                <h3 className="font-semibold">{title}</h3>
                <p className="text-sm text-muted-foreground">{description}</p>
              </li>
            ))}
          </ul>
        </section>

        <section aria-labelledby="cta-title" className="px-4 pb-16 sm:px-6">
          <div className="mx-auto grid max-w-6xl justify-items-center gap-5 rounded-2xl bg-primary px-6 py-12 text-center text-primary-foreground">
            <h2 id="cta-title" className="text-2xl font-semibold tracking-tight text-balance sm:text-3xl">
              Ready to bring your cases together?
            </h2>
            <p className="max-w-xl text-primary-foreground">
              Start a 30-day trial with full feature access, personal onboarding and 24/7 support. No credit card needed.
            </p>
            <div className="flex flex-col gap-3 sm:flex-row">
              <Button asChild size="lg" variant="secondary">
                <Link to="/trial-signup">Start Free 30-Day Trial</Link>
              </Button>
              <Button
                size="lg"
                variant="outline"
                disabled={!hydrated}
                className="border-primary-foreground/60 bg-transparent text-primary-foreground hover:bg-primary-foreground/10 hover:text-primary-foreground focus-visible:ring-primary-foreground/60"
                // SPEC §2.2: a full redirect through the server's sign-in entry point.
                onClick={() => window.location.assign('/api/login')}
              >
                Sign In to Existing Account
              </Button>
            </div>
          </div>
        </section>
      </main>

      <PublicFooter />
    </div>
  );
}
