import { Download } from 'lucide-react';
import { Button } from '../../components/ui/button';

/** A report's CSV: the REST path of the same procedure with ?format=csv (every row, not the first page). */
export function CsvLink({ href, fileName }: { href: string; fileName: string }) {
  return (
    <Button asChild variant="outline" size="sm">
      <a href={href} download={fileName}>
        <Download aria-hidden="true" />
        Download CSV
      </a>
    </Button>
  );
}
