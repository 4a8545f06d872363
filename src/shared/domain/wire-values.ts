import { z } from 'zod';

// One convention for enumerated values on the wire (issue 32, decision 0060): lowercase kebab-case
// ids (`attending-doctor`, `ward-round`, `oral`), with the words people read kept in the client's
// label tables. The spellings of the release before are still accepted as aliases for one release,
// so an API caller written against it keeps working while it moves; answers use the new ids only.

/** A zod enum of `values` that also takes each old spelling in `aliases` and answers its new id. */
export function enumWithAliases<T extends string>(values: readonly [T, ...T[]], aliases: Readonly<Record<string, T>>, error: string) {
  return z.preprocess((value) => (typeof value === 'string' && Object.hasOwn(aliases, value) ? aliases[value] : value), z.enum(values, { error }));
}
