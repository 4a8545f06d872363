import { RefreshCw } from 'lucide-react';
import { Alert, AlertDescription, AlertTitle } from '../ui/alert';
import { Button } from '../ui/button';

/**
 * A write answered 409 (someone else changed the record since it was opened): say so and offer to
 * reload their version. Used by every edit dialog of a versioned record (a case, a person).
 */
export function StaleRecordAlert({ what, onReload }: { what: string; onReload: () => void }) {
  return (
    <Alert variant="destructive">
      <AlertTitle>Changed by someone else</AlertTitle>
      <AlertDescription>
        <p>{what} was changed while you were editing. Reload to see their version, then make your change again.</p>
        <Button type="button" variant="outline" size="sm" className="mt-2 text-foreground" onClick={onReload}>
          <RefreshCw aria-hidden="true" /> Reload
        </Button>
      </AlertDescription>
    </Alert>
  );
}
