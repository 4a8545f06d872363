import { type RoleHolder, can } from '../../../shared/roles';
import { maskSaIdNumber } from '../../../shared/sa/sa-id-number';

// Who reads full SA ID numbers (decision 0042): the roles that register people or need the number
// clinically or legally hold `people.idNumbers`; every other reader of the registry (Finance Staff,
// Expert/Witness, Quality Assurance) gets the masked form and cannot find anyone by ID number. Every
// place an ID number leaves the server goes through here: the person DTO (list, page, matches,
// merge), case parties, and the header search.

export function seesIdNumbers(actor: RoleHolder): boolean {
  return can(actor, 'people.idNumbers');
}

/** The number as this reader may see it: whole, or masked (`550212 **** 08 6`). */
export function idNumberFor(actor: RoleHolder, value: string | null): string | null {
  return value === null || seesIdNumbers(actor) ? value : maskSaIdNumber(value);
}
