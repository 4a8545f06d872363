import { ArrowRightLeft, LogOut, Pencil, UserMinus, UserPlus } from 'lucide-react';
import type { TAdmission } from '../../../shared/domain/admissions';
import type { TBed } from '../../../shared/domain/beds';
import { joinDistinct } from '../../../shared/format';
import { Button } from '../../components/ui/button';
import { Card, CardContent, CardHeader, CardTitle } from '../../components/ui/card';
import { StatusBadge } from '../../components/data/status-badge';
import { CaseLink } from '../../components/cases/case-link';

interface BedCardProps {
  bed: TBed;
  /** False for roles that may only look (SPEC §6: beds.manage). */
  canManage: boolean;
  releasing: boolean;
  onEdit: (bed: TBed) => void;
  onAssign: (bed: TBed) => void;
  onRelease: (bed: TBed) => void;
  /** Issue 22: the admission in this bed, when the patient was admitted (not quick-assigned). */
  admission?: TAdmission | null;
  /** admissions.manage: Transfer and Discharge. */
  canAdmit?: boolean;
  onTransfer?: (admission: TAdmission) => void;
  onDischarge?: (admission: TAdmission) => void;
}

/** SPEC §2.11: one bed; Assign only when Available, Release only when Occupied. */
export function BedCard({ bed, canManage, releasing, onEdit, onAssign, onRelease, admission, canAdmit, onTransfer, onDischarge }: BedCardProps) {
  // The case's patient when the stay has a case; a quick Assign without one shows what was typed.
  const patient = bed.patientName ?? bed.patientId;
  return (
    <Card className="gap-3 py-4" data-testid="bed-card">
      <CardHeader className="flex flex-row items-start justify-between gap-2 px-4">
        <div className="grid gap-0.5">
          <CardTitle asHeading="h3" className="text-base">
            Bed {bed.bedNumber}
          </CardTitle>
          <p className="text-sm text-muted-foreground">
            {joinDistinct([bed.ward, bed.bedType])}
          </p>
        </div>
        <StatusBadge value={bed.status} />
      </CardHeader>
      <CardContent className="grid gap-2 px-4 text-sm">
        {patient && (
          <p>
            <span className="text-muted-foreground">Patient: </span>
            {bed.caseId ? (
              <CaseLink caseId={bed.caseId} className="font-medium" label={`Open the case of ${patient}`}>
                {patient}
              </CaseLink>
            ) : (
              <span className="font-medium">{patient}</span>
            )}
            {bed.caseReference && <span className="ml-1 font-mono text-xs text-muted-foreground">{bed.caseReference}</span>}
          </p>
        )}
        {bed.assignedNurse && (
          <p>
            <span className="text-muted-foreground">Nurse: </span>
            {bed.assignedNurse}
          </p>
        )}
        {bed.notes && <p className="text-muted-foreground">{bed.notes}</p>}
        {(canManage || (canAdmit && admission)) && (
          <div className="mt-1 flex flex-wrap gap-2">
            {canManage && (
              <Button size="sm" variant="outline" onClick={() => onEdit(bed)} aria-label={`Edit bed ${bed.bedNumber}`}>
                <Pencil aria-hidden="true" /> Edit
              </Button>
            )}
            {canManage && bed.status === 'Available' && (
              <Button size="sm" onClick={() => onAssign(bed)} aria-label={`Assign patient to bed ${bed.bedNumber}`}>
                <UserPlus aria-hidden="true" /> Assign
              </Button>
            )}
            {canManage && bed.status === 'Occupied' && (
              <Button size="sm" variant="secondary" disabled={releasing} onClick={() => onRelease(bed)} aria-label={`Release bed ${bed.bedNumber}`}>
                <UserMinus aria-hidden="true" /> Release
              </Button>
            )}
            {canAdmit && admission && bed.status === 'Occupied' && (
              <>
                <Button size="sm" variant="outline" onClick={() => onTransfer?.(admission)} aria-label={`Transfer ${admission.personName} from bed ${bed.bedNumber}`}>
                  <ArrowRightLeft aria-hidden="true" /> Transfer
                </Button>
                <Button size="sm" variant="outline" onClick={() => onDischarge?.(admission)} aria-label={`Discharge ${admission.personName} from bed ${bed.bedNumber}`}>
                  <LogOut aria-hidden="true" /> Discharge
                </Button>
              </>
            )}
          </div>
        )}
      </CardContent>
    </Card>
  );
}
