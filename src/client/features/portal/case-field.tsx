import type { Control, FieldPath, FieldValues } from 'react-hook-form';
import type { TPortalCase } from '../../../shared/domain/portal';
import { SelectField } from '../../components/forms/form-rows';

/** Which of the patient's cases a message is about: only asked when there is more than one. */
export function CaseField<T extends FieldValues>({ control, name, cases }: { control: Control<T, any, any>; name: FieldPath<T>; cases: readonly TPortalCase[] }) {
  if (cases.length < 2) return null;
  return (
    <SelectField
      control={control}
      name={name}
      label="About"
      required
      options={cases.map((c) => ({ value: c.id, label: `${c.caseType}${c.assignedDoctor ? ` (${c.assignedDoctor})` : ''}` }))}
    />
  );
}
