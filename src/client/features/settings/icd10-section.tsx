import { useId, useState } from 'react';
import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import { ICD10_IMPORT_MAX_BYTES, ICD10_IMPORT_URL, type TIcd10ImportResult } from '../../../shared/domain/icd10';
import { formatDateTime, pluralise } from '../../../shared/format';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { ErrorState, ListSkeleton, errorMessage } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { Input } from '../../components/ui/input';
import { Label } from '../../components/ui/label';
import { useIdentity } from '../../lib/identity';
import { toast } from '../../lib/use-toast';
import { useTRPC } from '../../trpc';
import { SettingsSection } from './settings-section';

// The organisation's ICD-10 code list on /settings (issue 22), for Administrators (icd10.manage):
// which list diagnoses are checked against — the starter list shipped with CaseBridge, or the
// Council for Medical Schemes' Master Industry Table the Administrator imported — and the upload.
// The file goes over a plain multipart route (tRPC carries JSON), as case documents do.

async function postMitCsv(file: File): Promise<TIcd10ImportResult> {
  const body = new FormData();
  body.append('file', file, file.name);
  const res = await fetch(ICD10_IMPORT_URL, { method: 'POST', body, credentials: 'include' });
  const json: unknown = await res.json().catch(() => null);
  if (!res.ok) {
    const answer = (json ?? {}) as { message?: string; fields?: Record<string, string> };
    throw new Error(res.status === 401 ? 'Your session has ended. Please sign in again.' : (answer.fields?.file ?? answer.message ?? `Import failed (${res.status}).`));
  }
  return json as TIcd10ImportResult;
}

export function Icd10Section() {
  const identity = useIdentity();
  // The Super Admin has no organisation of their own; the list is an organisation's.
  const allowed = !identity.isSuperAdmin && can(identity, 'icd10.manage') && PLATFORM_CONFIG[identity.platform].features.medicalRecords;
  if (!allowed) return null;
  return (
    <SettingsSection
      id="icd10"
      title="ICD-10 code list"
      description="Diagnoses on encounters are checked against this list. Import the ICD-10 Master Industry Table (MIT) CSV as the Council for Medical Schemes publishes it; it replaces the list in use."
    >
      <Icd10List />
    </SettingsSection>
  );
}

function Icd10List() {
  const trpc = useTRPC();
  const identity = useIdentity();
  const queryClient = useQueryClient();
  const status = useQuery(trpc.icd10.status.queryOptions());
  const [file, setFile] = useState<File | null>(null);
  const [error, setError] = useState<string | null>(null);
  const ids = { file: useId(), error: useId() };
  const demo = identity.status === 'demo';
  const upload = useMutation({
    mutationFn: postMitCsv,
    onSuccess: (result) => {
      setError(null);
      setFile(null);
      toast({ title: 'ICD-10 code list imported', description: `${pluralise(result.imported, 'code')} imported, ${result.skipped} skipped (not for clinical use or repeated).` });
      void queryClient.invalidateQueries({ queryKey: trpc.icd10.pathKey() });
    },
    onError: (e) => setError(errorMessage(e)),
  });

  if (status.isPending) return <ListSkeleton rows={2} label="Loading the ICD-10 code list" />;
  if (status.isError) return <ErrorState title="Could not load the ICD-10 code list" error={status.error} onRetry={() => void status.refetch()} />;
  const s = status.data;
  const submit = (event: React.FormEvent) => {
    event.preventDefault();
    if (!file) return setError('Choose the MIT CSV file');
    if (file.size > ICD10_IMPORT_MAX_BYTES) return setError(`The file is larger than ${ICD10_IMPORT_MAX_BYTES / 1024 / 1024} MB`);
    upload.mutate(file);
  };
  return (
    <div className="grid gap-4">
      <div className="grid gap-1 text-sm" data-testid="icd10-status">
        <p className="flex flex-wrap items-center gap-2">
          <Badge variant={s.source === 'imported' ? 'default' : 'secondary'}>{s.source === 'imported' ? 'Imported MIT' : 'Starter list'}</Badge>
          <span className="font-medium tabular-nums">{pluralise(s.codeCount, 'code')}</span>
        </p>
        {s.source === 'imported' ? (
          <p className="text-muted-foreground">
            {s.fileName} · imported {formatDateTime(s.importedAt)}
            {s.importedByName ? ` by ${s.importedByName}` : ''}
          </p>
        ) : (
          <p className="text-muted-foreground">Common codes shipped with CaseBridge (WHO ICD-10 descriptions). Import the MIT for the full South African list.</p>
        )}
      </div>
      <form onSubmit={submit} className="grid gap-2 sm:max-w-md" noValidate>
        <Label htmlFor={ids.file}>MIT CSV file</Label>
        <Input
          id={ids.file}
          type="file"
          accept=".csv,text/csv"
          disabled={demo}
          aria-invalid={error ? true : undefined}
          aria-describedby={error ? ids.error : undefined}
          onChange={(e) => setFile(e.target.files?.[0] ?? null)}
        />
        {demo && <p className="text-sm text-muted-foreground">Importing a file is not available in the demo.</p>}
        {error && (
          <p id={ids.error} role="alert" className="text-sm text-destructive">
            {error}
          </p>
        )}
        <Button type="submit" className="w-fit" disabled={demo || upload.isPending}>
          {upload.isPending ? 'Importing...' : 'Import code list'}
        </Button>
      </form>
    </div>
  );
}
