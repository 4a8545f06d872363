import { useQuery } from '@tanstack/react-query';
import { Download, FlaskConical } from 'lucide-react';
import { useState } from 'react';
import type { TTestResult } from '../../../shared/domain/portal';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { formatDate } from '../../../shared/format';
import { RecordBadge } from './portal-format';

// SPEC §2.13 Test Results: newest first, each with a Download PDF of that one result (made in the
// browser; pdf-lib loads only when a download is asked for).

export function ResultItem({ result, onDownload, busy }: { result: TTestResult; onDownload?: (r: TTestResult) => void; busy?: boolean }) {
  return (
    <li className="flex flex-col gap-3 rounded-lg border bg-card p-4 sm:flex-row sm:items-start sm:justify-between">
      <div className="grid gap-1">
        <div className="flex flex-wrap items-center gap-2">
          <h3 className="text-sm font-semibold">{result.testName}</h3>
          <RecordBadge value={result.status} />
          {result.flag && result.flag !== 'Normal' && <RecordBadge value={`Flag: ${result.flag}`} />}
        </div>
        <p className="text-xs text-muted-foreground">
          {result.category} · Ordered {formatDate(result.orderedAt)}
          {result.resultedAt ? ` · Resulted ${formatDate(result.resultedAt)}` : ''}
          {result.orderedBy ? ` · ${result.orderedBy}` : ''}
        </p>
        <p className="text-sm">{result.resultSummary}</p>
        {result.referenceRange && <p className="text-xs text-muted-foreground">Reference range: {result.referenceRange}</p>}
      </div>
      {onDownload && (
        <Button variant="outline" size="sm" className="self-start" disabled={busy} onClick={() => onDownload(result)} aria-label={`Download PDF of ${result.testName}`}>
          <Download aria-hidden="true" />
          Download PDF
        </Button>
      )}
    </li>
  );
}

export function TestResultsTab({ patientName, organizationName }: { patientName: string; organizationName: string }) {
  const trpc = useTRPC();
  const results = useQuery(trpc.portal.testResults.queryOptions());
  const [busy, setBusy] = useState<string | null>(null);

  const download = async (result: TTestResult) => {
    setBusy(result.id);
    try {
      const { downloadResultPdf } = await import('./result-pdf');
      await downloadResultPdf(result, { patientName, organizationName });
      toast({ title: 'Success', description: 'Your result was downloaded' });
    } catch {
      toast({ title: 'Error', description: 'Failed to create the PDF', variant: 'destructive' });
    } finally {
      setBusy(null);
    }
  };

  if (results.isPending) return <ListSkeleton rows={4} label="Loading test results" />;
  if (results.isError) return <ErrorState title="Could not load your test results" error={results.error} onRetry={() => void results.refetch()} />;
  if (results.data.length === 0) {
    return <EmptyState icon={FlaskConical} title="No test results yet">Results show here as soon as the laboratory reports them.</EmptyState>;
  }
  return (
    <ul className="grid gap-3" aria-label="Your test results">
      {results.data.map((r) => (
        <ResultItem key={r.id} result={r} onDownload={(x) => void download(x)} busy={busy === r.id} />
      ))}
    </ul>
  );
}
