import { type ErrorComponentProps, useRouter } from '@tanstack/react-router';
import { RotateCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';
import { StatusPage, WayBack } from './status-page';
import { usePageMeta } from '../lib/page-meta';

/** A failed page load (server unreachable, a chunk that did not download): say so, retry, or go back. */
export function ErrorPage({ error, reset }: ErrorComponentProps) {
  usePageMeta({ title: 'Something went wrong | CaseBridge', noIndex: true });
  const router = useRouter();
  const raw = error instanceof Error && error.message ? error.message : 'An unexpected error occurred.';
  // The browser's words for "no answer" mean nothing to a nurse; say what probably happened.
  const message = /failed to fetch|networkerror|load failed/i.test(raw) ? 'CaseBridge could not be reached. Check your connection, then try again.' : raw;
  return (
    <StatusPage>
      <Alert variant="destructive">
        <AlertTitle>Something went wrong</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <div className="flex flex-wrap gap-2">
        <Button
          onClick={() => {
            reset();
            // Run the loaders again: the error came from one of them.
            void router.invalidate();
          }}
        >
          <RotateCw aria-hidden="true" />
          Try again
        </Button>
        <WayBack variant="outline" />
      </div>
    </StatusPage>
  );
}
