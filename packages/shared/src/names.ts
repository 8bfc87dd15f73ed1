/** An English name: at least one Latin letter and nothing of the Arabic script (digits and punctuation allowed). */
export const ENGLISH_NAME = /^(?=.*\p{Script=Latin})(?!.*\p{Script=Arabic}).*$/su;

/** An Arabic name: at least one Arabic letter and no Latin letter (digits and punctuation allowed). */
export const ARABIC_NAME = /^(?=.*(?=\p{Script=Arabic})\p{L})(?!.*\p{Script=Latin}).*$/su;

/** The Arabic definite article, written joined to its word (الشهري, ال-شهري). */
const ARABIC_ARTICLE = /^ال[-‐]?(?=\p{L})/u;
/** Latin particles that are not a name's initial: Al-, El-, bin, ibn, bint, abu… */
const LATIN_ARTICLE = /^(?:al|el)[-'’]/iu;
const PARTICLES = new Set(['bin', 'ibn', 'bint', 'ben', 'al', 'el', 'ال', 'بن', 'بنت', 'ابن']);

/**
 * The letter a word of a name is known by: past a hyphenated Al-/El-, and for a family name
 * past the joined ال (a given name keeps it: الياس is Elias).
 */
function leadingLetter(word: string, isFamilyName: boolean): string {
  const bare = word.replace(LATIN_ARTICLE, '');
  const known = isFamilyName ? bare.replace(ARABIC_ARTICLE, '') : bare;
  return [...known].find((character) => /\p{L}/u.test(character)) ?? '';
}

/**
 * A name's initials for an avatar: the first letter of the first and last words that are not
 * particles (bin, ibn, ال…), past a joined definite article — "عبدالله الشهري" → "عش",
 * "Sara Al-Harbi" → "SH", "Mohammed bin Salman" → "MS". Upper case for Latin letters.
 */
export function initialsOf(name: string): string {
  const words = name
    .trim()
    .split(/\s+/u)
    .filter((word) => word !== '' && !PARTICLES.has(word.toLowerCase()));
  const first = words[0];
  const last = words.length > 1 ? words[words.length - 1] : undefined;
  return `${first ? leadingLetter(first, false) : ''}${last ? leadingLetter(last, true) : ''}`.toUpperCase();
}
