import { Link } from '@tanstack/react-router';
import { Button } from './ui/button';
import { usePageMeta } from '../lib/page-meta';

export function NotFoundPage() {
  usePageMeta({ title: '404 Page Not Found', description: 'The page you asked for does not exist or has moved.', noIndex: true });
  return (
    <main className="flex min-h-svh flex-col items-center justify-center gap-4 p-6 text-center">
      <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
      <p className="max-w-sm text-muted-foreground">The page you asked for does not exist or has moved.</p>
      <Button asChild>
        <Link to="/">Go to the homepage</Link>
      </Button>
    </main>
  );
}
