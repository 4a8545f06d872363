import { useMemo, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import { Link } from '@tanstack/react-router';
import { BedDouble, CalendarClock, CircleCheck, ClipboardList, Plus, Sparkles, UserRound, UserRoundPlus, Wrench } from 'lucide-react';
import type { TAdmission } from '../../../shared/domain/admissions';
import type { TBed, TBedStatus } from '../../../shared/domain/beds';
import { PLATFORM_CONFIG } from '../../../shared/platform';
import { can } from '../../../shared/roles';
import { AppPage } from '../../components/shell/app-page';
import { EmptyState, ErrorState, ListSkeleton, RestrictedState } from '../../components/shell/data-states';
import { StatCard, StatCardsSkeleton } from '../../components/data/stat-card';
import { Button } from '../../components/ui/button';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';
import { Tabs, TabsContent, TabsList, TabsTrigger } from '../../components/ui/tabs';
import { useIdentity } from '../../lib/identity';
import { useTRPC } from '../../trpc';
import { AssignBedDialog } from './assign-bed-dialog';
import { BedCard } from './bed-card';
import { BedFormDialog } from './bed-form-dialog';
import { ReleaseBedDialog } from './release-bed-dialog';
import { useBedActions } from './use-bed-actions';
import { AdmitDialog } from './admit-dialog';
import { DischargeDialog } from './discharge-dialog';
import { TransferDialog } from './transfer-dialog';
import { useAdmissionActions } from './use-admission-actions';
import { mayViewBeds } from './may-view-beds';

const ALL_WARDS = 'all';
// Every bed status has its count and its tab, so the parts add up to Total Beds (issue 17: Reserved had
// neither; issue 22 added Cleaning, a bed left by a patient and not yet ready for the next).
const TABS = ['All', 'Available', 'Occupied', 'Reserved', 'Cleaning', 'Maintenance'] as const;
type Tab = (typeof TABS)[number];

/** SPEC §2.11 /bed-management: ward filter, a count and a tab per bed status, bed cards and the bed dialogs. */
export function BedManagementScreen() {
  const identity = useIdentity();
  const onPlatform = PLATFORM_CONFIG[identity.platform].features.bedManagement;
  const allowed = mayViewBeds(identity);
  const canManage = can(identity, 'beds.manage');
  const canAdmit = can(identity, 'admissions.manage');
  const trpc = useTRPC();
  const beds = useQuery({ ...trpc.beds.list.queryOptions(), enabled: allowed });
  // Issue 22: which Occupied beds hold an admission (Transfer / Discharge), by bed.
  const admissions = useQuery({ ...trpc.admissions.list.queryOptions(), enabled: allowed });
  const admissionOfBed = useMemo(() => new Map((admissions.data ?? []).filter((a) => a.bedId).map((a) => [a.bedId!, a])), [admissions.data]);
  const actions = useBedActions();
  const admissionActions = useAdmissionActions();
  const [admitting, setAdmitting] = useState(false);
  const [transferring, setTransferring] = useState<TAdmission | null>(null);
  const [discharging, setDischarging] = useState<TAdmission | null>(null);
  const [ward, setWard] = useState(ALL_WARDS);
  const [tab, setTab] = useState<Tab>('All');
  const [formOpen, setFormOpen] = useState(false);
  const [editing, setEditing] = useState<TBed | null>(null);
  const [assigning, setAssigning] = useState<TBed | null>(null);
  const [releasing, setReleasing] = useState<TBed | null>(null);

  // The wards come from the beds themselves (SPEC §2.11), so a new ward appears with its first bed.
  const wards = useMemo(() => [...new Set((beds.data ?? []).map((bed) => bed.ward))].sort((a, b) => a.localeCompare(b)), [beds.data]);
  const inWard = useMemo(() => (beds.data ?? []).filter((bed) => ward === ALL_WARDS || bed.ward === ward), [beds.data, ward]);
  const count = (status: TBedStatus) => inWard.filter((bed) => bed.status === status).length;

  const openForm = (bed: TBed | null) => {
    setEditing(bed);
    setFormOpen(true);
  };

  const header = allowed && (
    <>
      <Select value={ward} onValueChange={setWard}>
        <SelectTrigger className="w-44" aria-label="Filter by ward">
          <SelectValue />
        </SelectTrigger>
        <SelectContent>
          <SelectItem value={ALL_WARDS}>All Wards</SelectItem>
          {wards.map((name) => (
            <SelectItem key={name} value={name}>
              {name}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      <Button variant="outline" asChild>
        <Link to="/ward-census">
          <ClipboardList aria-hidden="true" /> Ward census
        </Link>
      </Button>
      {canAdmit && (
        <Button variant="secondary" onClick={() => setAdmitting(true)}>
          <UserRoundPlus aria-hidden="true" /> Admit patient
        </Button>
      )}
      {canManage && (
        <Button onClick={() => openForm(null)}>
          <Plus aria-hidden="true" /> Add Bed
        </Button>
      )}
    </>
  );

  return (
    <AppPage title="Bed Management" description="Wards, beds and who is in them" actions={header}>
      {!onPlatform ? (
        <RestrictedState>Bed management is part of the Healthcare platform.</RestrictedState>
      ) : !allowed ? (
        <RestrictedState>Your role does not include bed management. Ask your organisation's Administrator if your work needs it.</RestrictedState>
      ) : beds.isPending ? (
        <>
          <StatCardsSkeleton />
          <ListSkeleton label="Loading beds" />
        </>
      ) : beds.isError ? (
        <ErrorState title="Could not load beds" error={beds.error} onRetry={() => void beds.refetch()} />
      ) : (
        <>
          <section aria-label="Bed summary" className="grid grid-cols-2 gap-3 sm:grid-cols-3 sm:gap-4 2xl:grid-cols-6">
            <StatCard label="Total Beds" value={String(inWard.length)} icon={BedDouble} />
            <StatCard label="Available" value={String(count('Available'))} icon={CircleCheck} />
            <StatCard label="Occupied" value={String(count('Occupied'))} icon={UserRound} />
            <StatCard label="Reserved" value={String(count('Reserved'))} icon={CalendarClock} />
            <StatCard label="Cleaning" value={String(count('Cleaning'))} icon={Sparkles} />
            <StatCard label="Maintenance" value={String(count('Maintenance'))} icon={Wrench} />
          </section>
          <Tabs value={tab} onValueChange={(value) => setTab(value as Tab)}>
            {/* Six tabs are wider than a phone: the list scrolls in its own box, never the page. */}
            <TabsList className="max-w-full justify-start overflow-x-auto">
              {TABS.map((name) => (
                <TabsTrigger key={name} value={name}>
                  {name}
                </TabsTrigger>
              ))}
            </TabsList>
            {TABS.map((name) => {
              const shown = name === 'All' ? inWard : inWard.filter((bed) => bed.status === name);
              return (
                <TabsContent key={name} value={name} className="mt-4">
                  {shown.length === 0 ? (
                    <EmptyState icon={BedDouble} title="No beds found">
                      {canManage ? 'Add a bed or choose another ward or tab.' : 'Choose another ward or tab.'}
                    </EmptyState>
                  ) : (
                    <ul className="grid gap-3 sm:grid-cols-2 lg:grid-cols-3" aria-label={`${name} beds`}>
                      {shown.map((bed) => (
                        <li key={bed.id} className="grid">
                          <BedCard
                            bed={bed}
                            canManage={canManage}
                            releasing={actions.release.isPending && actions.release.variables?.id === bed.id}
                            onEdit={openForm}
                            onAssign={setAssigning}
                            onRelease={setReleasing}
                            admission={admissionOfBed.get(bed.id) ?? null}
                            canAdmit={canAdmit}
                            onTransfer={setTransferring}
                            onDischarge={setDischarging}
                          />
                        </li>
                      ))}
                    </ul>
                  )}
                </TabsContent>
              );
            })}
          </Tabs>
        </>
      )}
      <BedFormDialog open={formOpen} bed={editing} actions={actions} onOpenChange={setFormOpen} />
      <AssignBedDialog bed={assigning} actions={actions} onClose={() => setAssigning(null)} />
      <ReleaseBedDialog bed={releasing} actions={actions} onClose={() => setReleasing(null)} />
      {canAdmit && (
        <>
          <AdmitDialog open={admitting} beds={beds.data ?? []} actions={admissionActions} onClose={() => setAdmitting(false)} />
          <TransferDialog admission={transferring} beds={beds.data ?? []} actions={admissionActions} onClose={() => setTransferring(null)} />
          <DischargeDialog admission={discharging} actions={admissionActions} onClose={() => setDischarging(null)} />
        </>
      )}
    </AppPage>
  );
}
