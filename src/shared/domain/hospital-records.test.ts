import { describe, expect, it } from 'vitest';
import { bundlePageRanges, compareBundleOrder, formatPageRange, indexPageCount } from './hospital-records';

// The bundle's pagination rule, written out: the index is numbered with the bundle; it holds 12 files
// on its first page and 16 on each further one; files follow it in continuous page ranges.

describe('the hospital-records bundle pagination', () => {
  it('numbers the index as page 1 and the files after it', () => {
    expect(bundlePageRanges([3, 2, 4])).toEqual({ ranges: [{ firstPage: 2, lastPage: 4 }, { firstPage: 5, lastPage: 6 }, { firstPage: 7, lastPage: 10 }], indexPages: 1, totalPages: 10 });
    expect(bundlePageRanges([])).toEqual({ ranges: [], indexPages: 1, totalPages: 1 });
  });

  it('gives the index a second page from the 13th file, and a third from the 29th', () => {
    expect([1, 12, 13, 28, 29].map(indexPageCount)).toEqual([1, 1, 2, 2, 3]);
    const thirteen = bundlePageRanges(Array(13).fill(1));
    expect(thirteen.indexPages).toBe(2);
    expect(thirteen.ranges[0]).toEqual({ firstPage: 3, lastPage: 3 });
    expect(thirteen.totalPages).toBe(15);
  });

  it('orders by the first day covered, then upload time, and writes ranges as the index does', () => {
    const rows = [
      { documentId: 'b', recordsFrom: '2023-02-01', uploadedAt: '2026-01-01T00:00:00.000Z' },
      { documentId: 'c', recordsFrom: '2023-01-01', uploadedAt: '2026-01-02T00:00:00.000Z' },
      { documentId: 'a', recordsFrom: '2023-01-01', uploadedAt: '2026-01-03T00:00:00.000Z' },
    ];
    expect([...rows].sort(compareBundleOrder).map((r) => r.documentId)).toEqual(['c', 'a', 'b']);
    expect(formatPageRange({ firstPage: 7, lastPage: 10 })).toBe('7–10');
    expect(formatPageRange({ firstPage: 5, lastPage: 5 })).toBe('5');
  });
});
