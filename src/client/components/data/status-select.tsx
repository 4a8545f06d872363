import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../ui/select';

interface StatusSelectProps<T extends string> {
  /** The row's stored status. */
  current: T;
  /** The status on its way to the server, shown while the change is pending. */
  pending: T | undefined;
  statuses: readonly T[];
  /** Accessible name, e.g. 'Status of Thabo Mabaso'. */
  label: string;
  onChange: (status: T) => void;
}

/** SPEC §4: a row's status changed freely from a dropdown (cases, appointments). */
export function StatusSelect<T extends string>({ current, pending, statuses, label, onChange }: StatusSelectProps<T>) {
  return (
    <Select
      // While the change is on its way the dropdown already shows the chosen status.
      value={pending ?? current}
      disabled={pending !== undefined}
      onValueChange={(status) => {
        if (status !== current) onChange(status as T);
      }}
    >
      <SelectTrigger className="h-8 w-36" aria-label={label}>
        <SelectValue />
      </SelectTrigger>
      <SelectContent>
        {statuses.map((status) => (
          <SelectItem key={status} value={status}>
            {status}
          </SelectItem>
        ))}
      </SelectContent>
    </Select>
  );
}
