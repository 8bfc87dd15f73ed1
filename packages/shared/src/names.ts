/**
 * The invisible characters that reorder text (Unicode's bidirectional formatting characters):
 * the embeddings and overrides U+202A–U+202E, the isolates U+2066–U+2069 and the marks LRM
 * U+200E, RLM U+200F and ALM U+061C. Inside a name they make a certificate or an invoice print
 * other text than the one typed ("\u202Eelif.fdp" shows as "pdf.file"). No name needs them: an
 * Arabic name is written right to left by its own letters, and a name of one script never needs a
 * mark; a mark matters only where scripts and neutral characters mix in running text, and the
 * documents set each name's direction themselves. The joiners ZWNJ U+200C and ZWJ U+200D shape
 * letters (Persian and Urdu spellings) and move nothing: they are allowed.
 */
export const DIRECTION_CHARACTERS = /[\u061C\u200E\u200F\u202A-\u202E\u2066-\u2069]/u;

/** Whether a text holds a character that reorders what is printed around it. */
export function hasDirectionCharacters(text: string): boolean {
  return DIRECTION_CHARACTERS.test(text);
}

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
