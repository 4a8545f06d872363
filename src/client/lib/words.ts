import { PLATFORM_CONFIG, capitalised, type PlatformWords } from '../../shared/platform';
import { useIdentity } from './identity';

// The words of the signed-in person's profession (issue 32): patient and case in a hospital, client
// (or, for a State unit, claimant) and matter on the legal platforms. Screens take their nouns from
// here rather than choosing between two spellings themselves.

export interface Words extends PlatformWords {
  /** 'Case' / 'Matter', for the start of a label. */
  Case: string;
  /** 'Patient' / 'Client' / 'Claimant'. */
  Person: string;
  /** A case in running text: 'patient case' / 'matter'; and more than one: 'patient cases' / 'matters'. */
  aCase: string;
  someCases: string;
}

export function wordsOf(platform: keyof typeof PLATFORM_CONFIG): Words {
  const words = PLATFORM_CONFIG[platform].words;
  const hospital = words.case === 'case';
  return {
    ...words,
    Case: capitalised(words.case),
    Person: capitalised(words.person),
    aCase: hospital ? `${words.person} case` : words.case,
    someCases: hospital ? `${words.person} cases` : words.cases,
  };
}

export function useWords(): Words {
  return wordsOf(useIdentity().platform);
}
