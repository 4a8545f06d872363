import { useEffect, useState } from 'react';
import { useQuery } from '@tanstack/react-query';
import type { TPersonMatch, TPersonMatchesInput } from '../../../shared/domain/people';
import { useTRPC } from '../../trpc';

/** Typing pauses this long before the registry is asked again. */
export const MATCH_DELAY_MS = 400;

/** What is worth asking about: a full ID number, or a name of three letters or more. */
export function matchQueryOf(idNumber: string, name: string, dateOfBirth: string): TPersonMatchesInput | null {
  const id = idNumber.replace(/\s+/g, '');
  const fullId = /^\d{13}$/.test(id);
  const trimmed = name.trim().replace(/\s+/g, ' ');
  const dob = /^\d{4}-\d{2}-\d{2}$/.test(dateOfBirth) ? dateOfBirth : undefined;
  if (!fullId && trimmed.length < 3) return null;
  return { idNumber: fullId ? id : undefined, name: trimmed.length >= 3 ? trimmed : undefined, dateOfBirth: dob };
}

function useDebounced<T>(value: T, delay: number): T {
  const [current, setCurrent] = useState(value);
  const key = JSON.stringify(value);
  useEffect(() => {
    const timer = setTimeout(() => setCurrent(value), delay);
    return () => clearTimeout(timer);
  }, [key, delay]);
  return current;
}

/**
 * The duplicate check while a person is typed (issue 19): people of the registry with the same ID
 * number, or a similar name (and the same birth date when one is given), with their cases and roles.
 * `excludeId` leaves out the record being edited.
 */
export function usePersonMatches(fields: { idNumber: string; name: string; dateOfBirth: string }, excludeId?: string) {
  const trpc = useTRPC();
  const input = useDebounced(matchQueryOf(fields.idNumber, fields.name, fields.dateOfBirth), MATCH_DELAY_MS);
  const query = useQuery({ ...trpc.people.matches.queryOptions(input ?? {}), enabled: input !== null, staleTime: 30_000 });
  const items: TPersonMatch[] = input === null ? [] : (query.data?.items ?? []).filter((m) => m.person.id !== excludeId && !m.person.mergedIntoId);
  return { items, checking: input !== null && query.isFetching, error: input !== null && query.isError ? query.error : null };
}
