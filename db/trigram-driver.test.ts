import { describe, expect, it } from 'vitest';
import { MAX_DRIVER_MATCHES, type TrigramSample, drivingWord, innerTrigrams } from './trigram-driver';

// Which word of a search term the Postgres trigram index looks up (decision 0053): the one with the
// rarest trigram in the sample, if its matches stay few; otherwise the whole term.

const sample = (counts: Record<string, number>, rows = 3_000, tableRows = 333_000): TrigramSample => ({ counts: new Map(Object.entries(counts)), rows, tableRows });

// 3,000 rows sampled from 333,000: each sampled occurrence stands for 111 rows of the table.
const fileNames = sample({ med: 600, edi: 600, dic: 600, ica: 600, cal: 600, aid: 900, pil: 150, ill: 160, lla: 150, lay: 150, bh0: 3000, '202': 3000, '026': 3000, '942': 4, '428': 3, '286': 11 });

describe('drivingWord', () => {
  it('picks the word with the rarest trigram', () => {
    expect(drivingWord('Medical aid Pillay BH0-2026-94286', fileNames)).toBe('94286');
  });

  it('looks up the whole term when its rarest word would still match many rows', () => {
    // "pillay": its rarest trigram is in 150 of 3,000 sampled rows, ~16,650 of the table.
    expect(drivingWord('Medical aid Pillay', fileNames)).toBeNull();
    expect(150 / 3_000 * 333_000).toBeGreaterThan(MAX_DRIVER_MATCHES);
  });

  it('takes a word never seen in the sample, the longer of two', () => {
    expect(drivingWord('Mkhwebane medical zulu', fileNames)).toBe('mkhwebane');
  });

  it('leaves a single word to the index as it is', () => {
    expect(drivingWord('94286', fileNames)).toBeNull();
    expect(drivingWord('bh0-2026-94286', fileNames)).toBe('94286');
  });

  it('on a small table any word is few rows', () => {
    expect(drivingWord('medical aid', sample({ med: 5, aid: 9 }, 9, 9))).toBe('medical');
  });

  it('skips words too short for a trigram', () => {
    expect(drivingWord('dr x-ray', sample({}, 10, 10))).toBe('ray');
    expect(drivingWord('dr mo', sample({}, 10, 10))).toBeNull();
  });
});

describe('innerTrigrams', () => {
  it('are the three-letter windows of the word', () => {
    expect(innerTrigrams('94286')).toEqual(['942', '428', '286']);
    expect(innerTrigrams('ab')).toEqual([]);
  });
});
