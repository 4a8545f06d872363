import { useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Copy, Download, FilePlus2, FileStack } from 'lucide-react';
import type { TCaseShown as TCase } from '../../../shared/domain/cases';
import { DOCUMENT_MAX_BYTES_DEFAULT } from '../../../shared/domain/documents';
import { type THospitalRecord, formatPageRange, hospitalRecordsBundleUrl } from '../../../shared/domain/hospital-records';
import { formatCalendarDay, formatDateTime } from '../../../shared/format';
import { can } from '../../../shared/roles';
import { EmptyState, ErrorState, ListSkeleton } from '../../components/shell/data-states';
import { Button } from '../../components/ui/button';
import { Card, CardContent } from '../../components/ui/card';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { hospitalRecordsQuery } from './case-queries';
import { HospitalRecordDialog } from './hospital-record-dialog';

// A medicolegal case's hospital records (issue 22) as the index of their bundle: in the bundle's
// order (the dates they cover, then upload time), with the continuous page numbers the bundle PDF
// stamps on them (page 1 is the index) and each file's SHA-256, so counsel and the court can check a
// page reference or a file against the index. The bundle downloads as one PDF; the demo has no
// server to draw it up, so there it says so.

export function HospitalRecordsTab({ item }: { item: TCase }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const records = useQuery(hospitalRecordsQuery(trpc, item.id));
  const [adding, setAdding] = useState(false);
  const mayAdd = can(identity, 'caseFile.write');
  const demo = identity.status === 'demo';
  const items = records.data?.items ?? [];

  const download = demo ? (
    <Button
      variant="outline"
      onClick={() => toast({ title: 'The bundle needs the server', description: 'Demo mode keeps no files: sign in to download the indexed, paginated bundle as one PDF.' })}
    >
      <Download aria-hidden="true" /> Download bundle (PDF)
    </Button>
  ) : (
    <Button asChild variant="outline">
      <a href={hospitalRecordsBundleUrl(item.id)} download>
        <Download aria-hidden="true" /> Download bundle (PDF)
      </a>
    </Button>
  );

  return (
    <div className="grid gap-4">
      <div className="flex flex-wrap items-start justify-between gap-3">
        <div className="grid gap-0.5">
          <h2 className="text-lg font-semibold">Hospital records</h2>
          <p className="max-w-2xl text-sm text-muted-foreground">
            The claimant's records as received, bundled as the Gauteng CaseLines directives require: an index first, then every page numbered continuously, each file with its SHA-256.
          </p>
        </div>
        <div className="flex flex-wrap gap-2">
          {items.length > 0 && download}
          {mayAdd && (
            <Button onClick={() => setAdding(true)}>
              <FilePlus2 aria-hidden="true" /> Add hospital record
            </Button>
          )}
        </div>
      </div>
      {records.isPending ? (
        <ListSkeleton rows={3} label="Loading the hospital records" />
      ) : records.isError ? (
        <ErrorState title="Could not load the hospital records" error={records.error} onRetry={() => void records.refetch()} />
      ) : items.length === 0 ? (
        <EmptyState
          icon={FileStack}
          title="No hospital records yet"
          action={
            mayAdd ? (
              <Button onClick={() => setAdding(true)}>
                <FilePlus2 aria-hidden="true" /> Add the first record
              </Button>
            ) : undefined
          }
        >
          Add the records received from each facility (PDF, or scanned pages as images), with the dates they cover. They form one bundle with an index and continuous page numbers.
        </EmptyState>
      ) : (
        <>
          <p className="text-sm" aria-live="polite">
            <span className="font-semibold">{items.length}</span> {items.length === 1 ? 'file' : 'files'} ·{' '}
            <span className="font-semibold" data-testid="bundle-total-pages">{records.data.totalPages}</span> pages in the bundle, the index on{' '}
            {records.data.indexPages === 1 ? 'page 1' : `pages 1–${records.data.indexPages}`}
          </p>
          <Card className="gap-0 py-0">
            <CardContent className="overflow-x-auto px-0">
              <table className="w-full text-sm">
                <caption className="sr-only">Index of the hospital records bundle</caption>
                <thead className="border-b bg-muted/40 text-left text-xs text-muted-foreground uppercase">
                  <tr>
                    <th scope="col" className="px-4 py-2 font-medium">#</th>
                    <th scope="col" className="px-4 py-2 font-medium">Source facility</th>
                    <th scope="col" className="px-4 py-2 font-medium">Records</th>
                    <th scope="col" className="px-4 py-2 font-medium">File</th>
                    <th scope="col" className="px-4 py-2 font-medium">Bundle pages</th>
                    <th scope="col" className="px-4 py-2 font-medium">SHA-256</th>
                  </tr>
                </thead>
                <tbody className="divide-y">
                  {items.map((record, i) => (
                    <RecordRow key={record.documentId} record={record} n={i + 1} />
                  ))}
                </tbody>
              </table>
            </CardContent>
          </Card>
        </>
      )}
      {mayAdd && <HospitalRecordDialog open={adding} onOpenChange={setAdding} caseId={item.id} maxBytes={DOCUMENT_MAX_BYTES_DEFAULT} />}
    </div>
  );
}

function RecordRow({ record, n }: { record: THospitalRecord; n: number }) {
  const copy = () => {
    void navigator.clipboard
      ?.writeText(record.sha256)
      .then(() => toast({ title: 'SHA-256 copied', description: record.fileName }))
      .catch(() => toast({ title: 'Could not copy', description: 'Select the hash in the row details instead.' }));
  };
  return (
    <tr className="align-top">
      <td className="px-4 py-3 font-medium tabular-nums">{n}</td>
      <td className="px-4 py-3 font-medium">{record.sourceFacility}</td>
      <td className="px-4 py-3 whitespace-nowrap">
        {formatCalendarDay(record.recordsFrom)} – {formatCalendarDay(record.recordsTo)}
      </td>
      <td className="max-w-64 px-4 py-3">
        <span className="break-words">{record.fileName}</span>
        <span className="block text-xs text-muted-foreground">
          {record.uploadedByName ?? 'Former member'} · {formatDateTime(record.uploadedAt)}
        </span>
      </td>
      <td className="px-4 py-3 whitespace-nowrap tabular-nums">
        <span className="font-semibold">{formatPageRange(record)}</span>
        <span className="block text-xs text-muted-foreground">
          {record.pages} {record.pages === 1 ? 'page' : 'pages'}
        </span>
      </td>
      <td className="px-4 py-3">
        <details>
          <summary className="cursor-pointer font-mono text-xs" title={record.sha256}>
            {record.sha256.slice(0, 12)}…<span className="sr-only"> (show the full SHA-256 of {record.fileName})</span>
          </summary>
          <div className="mt-1 flex items-start gap-1">
            <code className="max-w-48 font-mono text-xs break-all select-all">{record.sha256}</code>
            <Button type="button" variant="ghost" size="icon" className="size-7 shrink-0" onClick={copy} aria-label={`Copy the SHA-256 of ${record.fileName}`}>
              <Copy className="size-3.5" aria-hidden="true" />
            </Button>
          </div>
        </details>
      </td>
    </tr>
  );
}
