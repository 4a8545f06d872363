import { usePageMeta } from '../lib/page-meta';
import { StatusPage, WayBack } from './status-page';

export function NotFoundPage() {
  usePageMeta({ title: '404 Page Not Found', description: 'The page you asked for does not exist or has moved.', noIndex: true });
  return (
    <StatusPage>
      <h1 className="text-2xl font-semibold tracking-tight">404 Page Not Found</h1>
      <p className="text-muted-foreground">The page you asked for does not exist or has moved. Check the address, or go back.</p>
      <div>
        <WayBack />
      </div>
    </StatusPage>
  );
}
