import { CalendarPlus, FlaskConical, LogOut, MessageSquare, Pill } from 'lucide-react';
import { forgetAuthToken, LOGOUT_URL, signOut } from '../../components/shell/sign-out';
import { Button } from '../../components/ui/button';
import { Card } from '../../components/ui/card';
import { useIdentity } from '../../lib/identity';
import { usePageMeta } from '../../lib/page-meta';

const QUICK_ACTIONS = [
  { icon: CalendarPlus, title: 'Book Appointment', detail: 'See open slots with your care team' },
  { icon: MessageSquare, title: 'Message Doctor', detail: 'Ask a question about your care' },
  { icon: FlaskConical, title: 'Test Results', detail: 'Your latest results in one place' },
  { icon: Pill, title: 'Medications', detail: 'What you take and when' },
] as const;

/**
 * SPEC §2.13: the portal a Patient sees at /. This is its frame — welcome, quick actions and Sign
 * Out; the tabs of appointments, results, medications and profile are the next issue's work.
 */
export function PatientPortalPage() {
  const identity = useIdentity();
  usePageMeta({ title: 'Patient Portal | CaseBridge', noIndex: true });
  return (
    <div data-platform="healthcare" className="min-h-svh bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-5xl items-center justify-between gap-3 px-4 sm:px-6">
          <span className="font-semibold tracking-tight text-primary">CaseBridge Patient Portal</span>
          {identity.status === 'demo' ? (
            <Button variant="outline" size="sm" onClick={() => signOut(identity)}>
              <LogOut aria-hidden="true" />
              Sign Out
            </Button>
          ) : (
            <Button asChild variant="outline" size="sm">
              <a href={LOGOUT_URL} onClick={forgetAuthToken}>
                <LogOut aria-hidden="true" />
                Sign Out
              </a>
            </Button>
          )}
        </div>
      </header>
      <main className="mx-auto flex max-w-5xl flex-col gap-6 p-4 sm:p-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Welcome, {identity.name}</h1>
          <p className="text-sm text-muted-foreground">Your appointments, messages and results in one place.</p>
        </div>
        <section aria-label="Quick actions" className="grid gap-4 sm:grid-cols-2 lg:grid-cols-4">
          {QUICK_ACTIONS.map(({ icon: Icon, title, detail }) => (
            <Card key={title} className="gap-2 px-5 py-5">
              <span className="flex size-9 items-center justify-center rounded-md bg-accent text-accent-foreground">
                <Icon className="size-5" aria-hidden="true" />
              </span>
              <h2 className="text-sm font-semibold">{title}</h2>
              <p className="text-xs text-muted-foreground">{detail}</p>
            </Card>
          ))}
        </section>
      </main>
    </div>
  );
}
