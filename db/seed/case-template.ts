// The shape of one hand-written demo case. Dates are not written here: seed-cases.ts places each
// case relative to "now" from its status and expected length, so the demo always looks current.

export type TDemoBedType = 'General' | 'ICU' | 'Emergency' | 'Maternity';
export type TDemoCaseStatus = 'Scheduled' | 'In Progress' | 'Completed';
export type TDemoPriority = 'Low' | 'Medium' | 'High';

export interface CaseTemplate {
  patient: string;
  caseType: string;
  department: string;
  priority: TDemoPriority;
  status: TDemoCaseStatus;
  /** Person keys (demo-organizations.ts) for the assigned doctor / nurse / case manager columns.
   * On the legal platforms they hold the lead practitioner, the supporting member and the
   * person managing the file. */
  lead: string;
  support?: string;
  manager: string;
  /** Expected length in days: the hospital stay, or how long the matter runs. */
  days: number;
  description: string;
  plan: string;
  notes: string;
  flags?: string[];
  /** Healthcare: the bed the patient lies in (In Progress), has reserved (Scheduled) or lay in (Completed). */
  bed?: TDemoBedType;
  /** Key of the Patient user who may see this case in the portal. */
  patientUser?: string;
}
