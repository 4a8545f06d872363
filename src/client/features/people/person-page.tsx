import { type ReactNode, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { ArrowLeft, Building2, CalendarDays, FileText, FolderOpen, GitMerge, Lock, Pencil, ScrollText, UserRound, UserX } from 'lucide-react';
import { isTRPCClientError } from '@trpc/client';
import type { TPersonAppointment, TPersonCase, TPersonDetail, TPersonDocument } from './person-types';
import { can } from '../../../shared/roles';
import { formatDate, formatSaDateTime } from '../../../shared/format';
import { CaseLink } from '../../components/cases/case-link';
import { type Column, SimpleTable } from '../../components/data/simple-table';
import { StatusBadge } from '../../components/data/status-badge';
import { PersonFormDialog } from '../../components/people/person-form-dialog';
import { birthAndAge, identityDocumentOf, isMaskedIdNumber, roleLabel, SEX_LABELS } from '../../components/people/person-labels';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { Badge } from '../../components/ui/badge';
import { Button } from '../../components/ui/button';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { MergePersonDialog } from './merge-person-dialog';
import { PersonCoverSection } from './person-cover-section';

const back = (
  <Link to="/people" className="inline-flex w-fit items-center gap-1 text-sm text-muted-foreground hover:text-foreground">
    <ArrowLeft className="size-4" aria-hidden="true" /> People
  </Link>
);

function Fact({ label, children, wide }: { label: string; children: React.ReactNode; wide?: boolean }) {
  return (
    <div className={wide ? 'grid min-w-0 gap-0.5 sm:col-span-2' : 'grid min-w-0 gap-0.5'}>
      <dt className="text-xs text-muted-foreground">{label}</dt>
      <dd className="text-sm font-medium break-words whitespace-pre-line">{children}</dd>
    </div>
  );
}

const notFound = (error: unknown) => isTRPCClientError(error) && (error.data as { code?: string } | undefined)?.code === 'NOT_FOUND';

/** /people/$personId (issue 19): who the person is, and every case, appointment and document of theirs. */
/**
 * `newCase` (issue 32): the route hands in the cases feature's "New case" dialog for this person
 * (features do not import each other).
 */
export function PersonPage({ personId, newCase }: { personId: string; newCase?: (person: TPersonDetail) => ReactNode }) {
  const identity = useIdentity();
  const trpc = useTRPC();
  const person = useQuery({ ...trpc.people.get.queryOptions({ id: personId }), enabled: can(identity, 'people.view') });
  const [editing, setEditing] = useState(false);
  const [merging, setMerging] = useState(false);

  if (!can(identity, 'people.view')) {
    return (
      <AppPage title="Person">
        {back}
        <RestrictedState>Your role does not open the person registry.</RestrictedState>
      </AppPage>
    );
  }
  if (person.isPending) {
    return (
      <AppPage title="Person">
        {back}
        <ListSkeleton rows={6} label="Loading the person" />
      </AppPage>
    );
  }
  if (person.isError) {
    return (
      <AppPage title="Person">
        {back}
        {notFound(person.error) ? (
          <EmptyState icon={UserX} title="Person not found">
            This person is not in your organisation’s registry.
          </EmptyState>
        ) : (
          <ErrorState title="Could not load the person" error={person.error} onRetry={() => void person.refetch()} />
        )}
      </AppPage>
    );
  }

  const p = person.data;
  const organisation = p.kind === 'organization';
  const mayManage = can(identity, 'people.manage') && !p.mergedIntoId;
  const mayMerge = can(identity, 'people.merge') && !p.mergedIntoId;
  const mayAudit = can(identity, 'audit.view');
  // Issue 32: a case is started from the person's page, the person already chosen; it opens when created.
  const mayOpenCase = can(identity, 'cases.create') && !p.mergedIntoId;
  return (
    <AppPage
      title={p.fullName}
      actions={
        <>
          {mayAudit && (
            <Button asChild variant="outline">
              <Link to="/people/$personId/access-report" params={{ personId: p.id }}>
                <ScrollText aria-hidden="true" /> Access report
              </Link>
            </Button>
          )}
          {mayMerge && (
            <Button variant="outline" onClick={() => setMerging(true)}>
              <GitMerge aria-hidden="true" /> Merge a duplicate
            </Button>
          )}
          {mayManage && (
            <Button variant="outline" onClick={() => setEditing(true)}>
              <Pencil aria-hidden="true" /> Edit
            </Button>
          )}
          {mayOpenCase && newCase?.(p)}
        </>
      }
    >
      {back}
      {p.mergedIntoId && <MergedNotice survivorId={p.mergedIntoId} />}
      <PersonHeader person={p} />
      {p.kind === 'person' && <PersonCoverSection personId={p.id} />}
      <CasesSection person={p} />
      {!organisation && <AppointmentsSection items={p.appointments} />}
      <DocumentsSection items={p.documents} />
      {mayManage && <PersonFormDialog open={editing} onOpenChange={setEditing} person={p} />}
      {mayMerge && <MergePersonDialog open={merging} onOpenChange={setMerging} survivor={p} />}
    </AppPage>
  );
}

function MergedNotice({ survivorId }: { survivorId: string }) {
  const trpc = useTRPC();
  const survivor = useQuery(trpc.people.get.queryOptions({ id: survivorId }));
  return (
    <div role="note" className="flex flex-wrap items-center gap-2 rounded-lg border border-amber-300 bg-amber-50 px-4 py-3 text-sm text-amber-950 dark:bg-amber-950/20 dark:text-amber-200">
      <GitMerge className="size-4" aria-hidden="true" />
      <span>
        Merged into{' '}
        <Link to="/people/$personId" params={{ personId: survivorId }} className="font-medium underline underline-offset-4">
          {survivor.data?.fullName ?? 'the surviving record'}
        </Link>
        . This record is kept for the audit trail; its cases moved there.
      </span>
    </div>
  );
}

function PersonHeader({ person: p }: { person: TPersonDetail }) {
  const identity = useIdentity();
  const organisation = p.kind === 'organization';
  return (
    <section aria-label="Person details" className="grid gap-4 rounded-xl border bg-card p-4 sm:p-5">
      <div className="flex flex-wrap items-center gap-2">
        {organisation ? (
          <Badge variant="outline">
            <Building2 aria-hidden="true" /> Organisation
          </Badge>
        ) : (
          <Badge variant="outline">
            <UserRound aria-hidden="true" /> Person
          </Badge>
        )}
        {identityDocumentOf(p) && (
          <span className="rounded-md bg-muted px-2 py-0.5 font-mono text-sm" data-testid="person-id-document">
            {identityDocumentOf(p)}
            {isMaskedIdNumber(p.idNumber) && <span className="ml-1.5 font-sans text-xs text-muted-foreground">(masked: your role does not see full ID numbers)</span>}
          </span>
        )}
        {p.userId && <Badge variant="accent">Portal account</Badge>}
      </div>
      <dl className="grid grid-cols-2 gap-x-4 gap-y-3 md:grid-cols-4">
        {!organisation && (
          <>
            <Fact label="Date of birth (age)">{birthAndAge(p.dateOfBirth)}</Fact>
            <Fact label="Sex">{p.sex ? SEX_LABELS[p.sex] : 'Not recorded'}</Fact>
            <Fact label="Preferred language">{p.preferredLanguage ?? 'Not recorded'}</Fact>
          </>
        )}
        <Fact label="Phone">{p.phone ? <a href={`tel:${p.phone.replace(/\s+/g, '')}`} className="text-primary underline-offset-4 hover:underline">{p.phone}</a> : 'Not recorded'}</Fact>
        <Fact label="E-mail">{p.email ? <a href={`mailto:${p.email}`} className="text-primary underline-offset-4 hover:underline">{p.email}</a> : 'Not recorded'}</Fact>
        <Fact label="Address" wide>
          {p.address ?? 'Not recorded'}
        </Fact>
        {!organisation && identity.platform !== 'legal' && (
          <Fact label="Medical aid" wide>
            {p.medicalAid ? `${p.medicalAid.scheme} · ${p.medicalAid.number} · main member ${p.medicalAid.mainMember}` : 'None recorded'}
          </Fact>
        )}
        {p.notes && (
          <Fact label="Notes" wide>
            {p.notes}
          </Fact>
        )}
      </dl>
    </section>
  );
}

function CasesSection({ person }: { person: TPersonDetail }) {
  const columns: Column<TPersonCase>[] = [
    {
      header: 'Case',
      cell: (c) => (
        <span className="flex flex-wrap items-center gap-1.5">
          <CaseLink caseId={c.id} className="font-medium">
            {c.reference ?? c.patientName}
          </CaseLink>
          {c.restricted && (
            <Badge variant="outline" className="border-amber-300 bg-amber-50 text-amber-900">
              <Lock aria-hidden="true" /> Restricted
            </Badge>
          )}
        </span>
      ),
    },
    { header: 'Name on case', cell: (c) => c.patientName },
    { header: 'Type', cell: (c) => c.caseType },
    { header: 'Role', cell: (c) => roleLabel(c.role) },
    { header: 'Status', cell: (c) => <StatusBadge value={c.status} /> },
    { header: 'Opened', cell: (c) => formatDate(c.createdAt), className: 'whitespace-nowrap' },
  ];
  return (
    <section aria-labelledby="person-cases" className="grid gap-3">
      <h2 id="person-cases" className="text-lg font-semibold">
        Cases <span className="text-sm font-normal text-muted-foreground">({person.cases.length})</span>
      </h2>
      {person.cases.length === 0 ? (
        <EmptyState icon={FolderOpen} title="No cases">
          {person.fullName} is on no case you can see: not as the {person.kind === 'organization' ? 'client' : 'patient or client'}, nor as a party.
        </EmptyState>
      ) : (
        <SimpleTable caption={`Cases of ${person.fullName}`} columns={columns} rows={person.cases} rowKey={(c) => `${c.id}-${c.role}`} stackOnPhone />
      )}
    </section>
  );
}

function AppointmentsSection({ items }: { items: readonly TPersonAppointment[] }) {
  return (
    <section aria-labelledby="person-appointments" className="grid gap-3">
      <h2 id="person-appointments" className="text-lg font-semibold">
        Appointments <span className="text-sm font-normal text-muted-foreground">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">No appointments on this person’s cases.</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card" aria-label="Appointments">
          {items.map((a) => (
            <li key={a.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <CalendarDays className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <span className="font-medium">{a.title}</span>
                <span className="text-muted-foreground">{formatSaDateTime(a.startTime)}</span>
              </span>
              <span className="flex items-center gap-2">
                <StatusBadge value={a.status} />
                {a.caseId && (
                  <CaseLink caseId={a.caseId} tab="appointments" label={`Open the appointments of the case of ${a.title}`}>
                    Case
                  </CaseLink>
                )}
              </span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}

function DocumentsSection({ items }: { items: readonly TPersonDocument[] }) {
  return (
    <section aria-labelledby="person-documents" className="grid gap-3">
      <h2 id="person-documents" className="text-lg font-semibold">
        Documents <span className="text-sm font-normal text-muted-foreground">({items.length})</span>
      </h2>
      {items.length === 0 ? (
        <p className="rounded-xl border border-dashed bg-card px-4 py-6 text-center text-sm text-muted-foreground">No documents on this person’s cases.</p>
      ) : (
        <ul className="divide-y rounded-xl border bg-card" aria-label="Documents">
          {items.map((d) => (
            <li key={d.id} className="flex flex-wrap items-center justify-between gap-2 px-4 py-2.5 text-sm">
              <span className="flex min-w-0 items-center gap-2">
                <FileText className="size-4 shrink-0 text-muted-foreground" aria-hidden="true" />
                <CaseLink caseId={d.caseId} tab="documents" className="truncate font-medium">
                  {d.fileName}
                </CaseLink>
              </span>
              <span className="text-xs text-muted-foreground">Uploaded {formatDate(d.uploadedAt)}</span>
            </li>
          ))}
        </ul>
      )}
    </section>
  );
}
