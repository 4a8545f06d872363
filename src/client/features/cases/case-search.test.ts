import { describe, expect, it } from 'vitest';
import { casePages, casesMatching } from './case-count';
import { CASES_PER_PAGE } from './case-search';

describe('the Cases screen’s count and pager', () => {
  it('says the exact count, or "N+" when the server stopped counting', () => {
    expect(casesMatching({ total: 1, totalIsLowerBound: false })).toBe('1 case');
    expect(casesMatching({ total: 37, totalIsLowerBound: false })).toBe('37 cases');
    expect(casesMatching({ total: 0, totalIsLowerBound: false })).toBe('0 cases');
    expect(casesMatching({ total: 200, totalIsLowerBound: true })).toBe('200+ cases');
  });

  it('counts pages exactly, or at least up to the page after the bound', () => {
    expect(casePages({ total: 0, totalIsLowerBound: false }, 20)).toEqual({ pages: 1, pagesAtLeast: false });
    expect(casePages({ total: 41, totalIsLowerBound: false }, 20)).toEqual({ pages: 3, pagesAtLeast: false });
    // The server's bound on page 1 is 4 pages ahead (offset + 4 × page size): "Page 1 of 5+".
    expect(casePages({ total: 4 * CASES_PER_PAGE, totalIsLowerBound: true }, CASES_PER_PAGE)).toEqual({ pages: 5, pagesAtLeast: true });
    expect(casePages({ total: 200, totalIsLowerBound: true }, 50)).toEqual({ pages: 5, pagesAtLeast: true });
    // Paging on moves the bound: page 2 counts up to 6 × 20.
    expect(casePages({ total: 5 * CASES_PER_PAGE, totalIsLowerBound: true }, CASES_PER_PAGE)).toEqual({ pages: 6, pagesAtLeast: true });
  });
});
