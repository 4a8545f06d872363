import type { ComponentProps } from 'react';
import type { Control } from 'react-hook-form';
import { ORGANIZATION_TYPES, SA_PROVINCES, type TCreateOrganizationInput } from '../../../shared/domain/organizations';
import { PLATFORMS, PLATFORM_CONFIG } from '../../../shared/platform';
import { FormControl, FormField, FormItem, FormLabel, FormMessage } from '../../components/ui/form-field';
import { Input } from '../../components/ui/input';
import { Select, SelectContent, SelectItem, SelectTrigger, SelectValue } from '../../components/ui/select';

/** What the form holds: text as typed; the shared schema turns it into the API's input. */
export interface OrganizationFormValues {
  name: string;
  platform: string;
  type: string;
  address: string;
  city: string;
  province: string;
  postalCode: string;
  phone: string;
  email: string;
  registrationNumber: string;
  totalBeds: string;
}

type FormControlOf = Control<OrganizationFormValues, unknown, TCreateOrganizationInput>;

type TextName = Exclude<keyof OrganizationFormValues, 'platform' | 'type' | 'province'>;

function TextRow({ control, name, label, required, className, ...input }: {
  control: FormControlOf;
  name: TextName;
  label: string;
  required?: boolean;
  className?: string;
} & Omit<ComponentProps<typeof Input>, 'name'>) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem className={className}>
          <FormLabel required={required}>{label}</FormLabel>
          <FormControl>
            <Input {...field} aria-required={required || undefined} {...input} />
          </FormControl>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

function SelectRow({ control, name, label, options, placeholder }: {
  control: FormControlOf;
  name: 'platform' | 'type' | 'province';
  label: string;
  options: ReadonlyArray<{ value: string; label: string }>;
  placeholder: string;
}) {
  return (
    <FormField
      control={control}
      name={name}
      render={({ field }) => (
        <FormItem>
          <FormLabel>{label}</FormLabel>
          <Select value={field.value || undefined} onValueChange={field.onChange}>
            <FormControl>
              <SelectTrigger onBlur={field.onBlur}>
                <SelectValue placeholder={placeholder} />
              </SelectTrigger>
            </FormControl>
            <SelectContent>
              {options.map((option) => (
                <SelectItem key={option.value} value={option.value}>
                  {option.label}
                </SelectItem>
              ))}
            </SelectContent>
          </Select>
          <FormMessage />
        </FormItem>
      )}
    />
  );
}

const asOptions = (values: readonly string[]) => values.map((value) => ({ value, label: value }));
const PLATFORM_OPTIONS = PLATFORMS.map((value) => ({ value, label: PLATFORM_CONFIG[value].name }));

/** The fields of SPEC §3.5 with the §5 rules: name required, e-mail and tel inputs, beds ≥ 0. */
export function OrganizationFields({ control }: { control: FormControlOf }) {
  return (
    <div className="grid gap-4 sm:grid-cols-2">
      <TextRow control={control} name="name" label="Organization Name" required className="sm:col-span-2" />
      <SelectRow control={control} name="type" label="Type" options={asOptions(ORGANIZATION_TYPES)} placeholder="Select type" />
      <SelectRow control={control} name="platform" label="Platform" options={PLATFORM_OPTIONS} placeholder="Select platform" />
      <TextRow control={control} name="address" label="Address" autoComplete="street-address" className="sm:col-span-2" />
      <TextRow control={control} name="city" label="City" autoComplete="address-level2" />
      <SelectRow control={control} name="province" label="Province" options={asOptions(SA_PROVINCES)} placeholder="Select province" />
      <TextRow control={control} name="postalCode" label="Postal Code" autoComplete="postal-code" inputMode="numeric" />
      <TextRow control={control} name="phone" label="Phone" type="tel" autoComplete="tel" placeholder="+27 11 123 4567" />
      <TextRow control={control} name="email" label="Email" type="email" autoComplete="email" />
      <TextRow control={control} name="registrationNumber" label="Registration Number" />
      <TextRow control={control} name="totalBeds" label="Total Beds" type="number" min={0} step={1} inputMode="numeric" />
    </div>
  );
}
