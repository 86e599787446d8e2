/**
 * Which of espeak-ng's voices read a typed name the way its owner may say it. Always US and British English (people
 * say their name for an English-speaking app, and English readers differ), and a reader that follows the spelling
 * letter by letter (espeak-ng's Swahili: pure vowels, every consonant said, as most of the world's romanised names
 * are read); then the name's own language where its spelling shows it. A wrong guess costs little: one more way to
 * say the name, which must still fit the sound.
 */
export const ENGLISH_ACCENTS = ['en-us', 'en-gb'] as const;
export const SPELLING_READER = 'sw';

/** Spelling cues of a language, tried in order; the first that fits the whole name wins. */
const LANGUAGE_CUES: readonly { accent: string; cue: RegExp }[] = [
  { accent: 'vi', cue: /[ăâđơưạảấầẩẫậắằẳẵặẹẻẽếềểễệỉịọỏốồổỗộớờởỡợụủứừửữựỳỵỷỹ]/ },
  { accent: 'pl', cue: /[łśżźćńąę]|rz|cz|sz|wicz|ski\b/ },
  { accent: 'ga', cue: /\b(ní|nic|ó|ua|uí|mac)\b|aoi|ao|bh|mh|dh|fh|[áéíóú].*(bh|mh|ao|ái|ói)|(bh|mh|ao)[^ ]*[áéíóú]/ },
  { accent: 'es', cue: /ñ|[áéíóú]|\b\w+ez\b/ },
];

/** Hanyu Pinyin without tone marks: every word a run of syllables (an initial, then a final). */
const PINYIN_WORD =
  /^(?:(?:zh|ch|sh|[bpmfdtnlgkhjqxrzcsyw])?(?:iang|iong|uang|ang|eng|ing|ong|ian|iao|uai|uan|ai|ao|an|ei|en|er|ia|ie|in|iu|ou|ua|uo|ui|un|ue|a|e|i|o|u))+$/;
const PINYIN = 'cmn-latn-pinyin';

/**
 * The voices to ask for the name's pronunciations, and whether each reads the words' own spelling (the name's
 * language) or their plain letters (English and the spelling reader, which would otherwise spell out a letter they
 * lack). `spellings` are the name's words with their own letters, lower case.
 */
export function nameAccents(spellings: readonly string[]): { accent: string; ownSpelling: boolean }[] {
  const name = spellings.join(' ');
  const pinyin = spellings.length > 0 && spellings.every((word) => PINYIN_WORD.test(word));
  const language = pinyin ? PINYIN : LANGUAGE_CUES.find(({ cue }) => cue.test(name))?.accent;
  return [...ENGLISH_ACCENTS, SPELLING_READER]
    .map((accent) => ({ accent, ownSpelling: false }))
    .concat(language ? [{ accent: language, ownSpelling: true }] : []);
}
