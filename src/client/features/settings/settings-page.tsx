import { Link } from '@tanstack/react-router';
import { ArrowLeft } from 'lucide-react';
import { AppPage } from '../../components/shell/app-page';
import { Button } from '../../components/ui/button';
import { type Identity, isStaff } from '../../lib/identity';
import { usePageMeta } from '../../lib/page-meta';
import { CalendarFeedSection } from './calendar-feed-section';
import { ChecklistTemplatesSection } from './checklist-templates-section';
import { CaseTypesSection } from './case-types-section';
import { Icd10Section } from './icd10-section';
import { PracticeSection } from './practice-section';
import { FirmBillingSection } from './firm-billing-section';
import { NotificationEmailSection } from './notification-email-section';
import { PasswordSection } from './password-section';
import { ProfileSection } from './profile-section';
import { SessionsSection } from './sessions-section';
import { TwoFactorSection } from './two-factor-section';

// Issue 7 /settings: the caller's own account, for everyone signed in. Staff see it inside the app
// shell; a Patient (whose app is the portal, without the shell) gets a plain frame back to it.

const DESCRIPTION = 'Your profile, your password, two-factor sign-in and the devices signed in to your account.';

function Sections() {
  return (
    <div className="grid grid-cols-1 gap-6">
      <ProfileSection />
      <PasswordSection />
      <TwoFactorSection />
      <SessionsSection />
      <CalendarFeedSection />
      <NotificationEmailSection />
      <CaseTypesSection />
      <ChecklistTemplatesSection />
      <Icd10Section />
      <PracticeSection />
      <FirmBillingSection />
    </div>
  );
}

export function SettingsPage({ identity }: { identity: Identity }) {
  if (isStaff(identity)) {
    return (
      <AppPage title="Settings" description={DESCRIPTION} className="max-w-4xl">
        <Sections />
      </AppPage>
    );
  }
  return <PortalFrame />;
}

function PortalFrame() {
  usePageMeta({ title: 'Settings | CaseBridge', noIndex: true });
  return (
    <div data-platform="healthcare" className="min-h-svh bg-muted/30">
      <header className="border-b bg-background">
        <div className="mx-auto flex h-14 max-w-4xl items-center justify-between gap-3 px-4 sm:px-6">
          <span className="font-semibold tracking-tight text-primary">CaseBridge Patient Portal</span>
          <Button asChild variant="outline" size="sm">
            <Link to="/">
              <ArrowLeft aria-hidden="true" />
              Back to portal
            </Link>
          </Button>
        </div>
      </header>
      <main className="mx-auto flex max-w-4xl flex-col gap-6 p-4 sm:p-6">
        <div className="grid gap-1">
          <h1 className="text-2xl font-semibold tracking-tight">Settings</h1>
          <p className="text-sm text-muted-foreground">{DESCRIPTION}</p>
        </div>
        <Sections />
      </main>
    </div>
  );
}
