import { errorMessage } from '../shell/data-states';
import { Label } from '../ui/label';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';

// The case a timer or a past entry goes on, where the screen is not one case's page (My time, Cost
// Management): one picker so both forms offer the same cases the same way.

export interface TimerCaseOption {
  id: string;
  label: string;
}

export function CasePicker({
  id,
  label,
  value,
  onValueChange,
  cases,
  pending = false,
  loadError,
  fieldError,
}: {
  id: string;
  label: string;
  value: string;
  onValueChange: (caseId: string) => void;
  cases?: readonly TimerCaseOption[];
  pending?: boolean;
  /** The case list could not be loaded. */
  loadError?: unknown;
  /** What is wrong with the choice (the form's validation or the server's error.data.fields). */
  fieldError?: string;
}) {
  const errorId = `${id}-error`;
  return (
    <div className="grid min-w-0 gap-2">
      <Label htmlFor={id}>{label}</Label>
      <Select value={value} onValueChange={onValueChange}>
        <SelectTrigger
          id={id}
          className="w-full"
          aria-invalid={fieldError ? true : undefined}
          aria-describedby={fieldError ? errorId : undefined}
        >
          <SelectValue placeholder={pending ? 'Loading...' : cases?.length === 0 ? 'No cases to pick' : 'Select a case'} />
        </SelectTrigger>
        <SelectContent>
          {cases?.map((option) => (
            <SelectItem key={option.id} value={option.id}>
              {option.label}
            </SelectItem>
          ))}
        </SelectContent>
      </Select>
      {loadError ? <p className="text-sm text-destructive">{errorMessage(loadError)}</p> : null}
      {fieldError ? (
        <p id={errorId} className="text-sm text-destructive">
          {fieldError}
        </p>
      ) : null}
    </div>
  );
}
