import { Link, createFileRoute } from '@tanstack/react-router';
import { Button } from '../components/ui/button';
import { useDocumentTitle } from '../lib/use-document-title';

export const Route = createFileRoute('/')({
  component: LandingPage,
});

// A first, short landing page: the full one of SPEC §2.2 (platform dialog, demo access, feature grid) comes with the client issue.
function LandingPage() {
  useDocumentTitle('CaseBridge | Case management for healthcare and legal teams');
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-6 p-6 text-center">
      <h1 className="text-4xl font-semibold tracking-tight text-primary">CaseBridge</h1>
      <p className="max-w-xl text-lg text-muted-foreground">
        Case management for South African hospitals, clinics, law firms and state litigators: cases,
        schedules, beds, costs and messages in one place.
      </p>
      <Button asChild size="lg">
        <Link to="/login">Sign In</Link>
      </Button>
    </main>
  );
}
