import type { ErrorComponentProps } from '@tanstack/react-router';
import { Alert, AlertDescription, AlertTitle } from './ui/alert';
import { Button } from './ui/button';
import { usePageMeta } from '../lib/page-meta';

export function ErrorPage({ error, reset }: ErrorComponentProps) {
  usePageMeta({ title: 'Something went wrong | CaseBridge', noIndex: true });
  const message = error instanceof Error && error.message ? error.message : 'An unexpected error occurred.';
  return (
    <main className="mx-auto flex min-h-svh max-w-md flex-col justify-center gap-4 p-6">
      <Alert variant="destructive">
        <AlertTitle>Something went wrong</AlertTitle>
        <AlertDescription>{message}</AlertDescription>
      </Alert>
      <Button variant="outline" className="self-start" onClick={reset}>
        Try again
      </Button>
    </main>
  );
}
