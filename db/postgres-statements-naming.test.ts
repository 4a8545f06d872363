import { describe, expect, it } from 'vitest';
import { worthNaming } from './postgres-statements';

// Which SQL gets a named (once-planned) statement on Postgres: not a search, whose plan depends on
// the pattern (decision 0052), and not a statement without values.

describe('worthNaming', () => {
  it('names a parameterised lookup', () => {
    expect(worthNaming('select * from "cases" where "id" = $1', ['x'])).toBe(true);
    // A column that merely contains the letters of an operator is no search.
    expect(worthNaming('select "unlike_count", "likes" from "t" where "id" = $1', ['x'])).toBe(true);
  });

  it('leaves LIKE, ILIKE and trigram similarity unnamed', () => {
    expect(worthNaming(`select 1 from "cases" where lower("cases"."patient_name") like $1 escape '\\'`, ['%a%'])).toBe(false);
    expect(worthNaming('select 1 from "people" where "full_name" ILIKE $1', ['%a%'])).toBe(false);
    expect(worthNaming('select "id" from "people" where lower(people.full_name) % $1 limit $2', ['a', 5])).toBe(false);
    expect(worthNaming('select similarity(lower("name"), $1) from "people"', ['a'])).toBe(false);
  });

  it('leaves statements without values unnamed', () => {
    expect(worthNaming('begin', [])).toBe(false);
  });
});
