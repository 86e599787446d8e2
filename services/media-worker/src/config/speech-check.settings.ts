/**
 * Every threshold and weight of the offline speech check, in one place, each with why it has its value. Figures are
 * from the development half of the corpus (`test/speech/corpus.ts`: 81 statements, voices slt and espeak-ng's
 * en-us+f3 unless said), decoded once and judged again for each value of a judge setting; docs/MEASUREMENTS.md keeps
 * the runs and the commands. Changing one means measuring both ways again: consents granted, and refusals never
 * granted.
 */
export const SPEECH_CHECK_SETTINGS = {
  /**
   * The decoder's beams, narrower than pocketsphinx's defaults (1e-48, 1e-48, 7e-29) for speed: the grammar decode
   * and the free phones share each frame's scoring, and these keep a 26 s clip near 1 s of CPU. The defaults, tried
   * on the room-and-phone-band shown sentences, granted none either way (0 of 36 both).
   */
  beams: { beam: 1e-30, phoneBeam: 1e-30, wordBeam: 1e-20 },
  grammar: {
    /**
     * Each garbage phone's probability (times `part`): sound no phrase fits is garbage, and garbage in the foreground
     * is speech about something else. Kept from the previous check, which measured it against 1e-6 (phrases lost to
     * garbage) and 1e-10 (other speech forced onto phrases).
     */
    garbage: 1e-8,
    /** Each phrase begins a part of the utterance at this cost: fewer, longer explanations of the sound win. */
    part: 1e-2,
    /**
     * Each phone of a name heard as phones after "my name is" (one the pronunciations missed). Cheaper (1e-4, 1e-6)
     * changed nothing on the room-and-phone-band shown sentences (0 of 36 granted at each): what they lose there is
     * "consent" itself.
     */
    namePhone: 1e-2,
    /**
     * A name heard as phones has at most as many phones as the typed name has letters (at least `minLetters`), plus
     * `extra`: unbounded, the phones stood for "... and I consent" too in a room (reverb, another person's name
     * said: `different` 7 -> 11 of 12, consents granted 24 -> 25 of 78).
     */
    namePhones: { minLetters: 8, extra: 2 },
    /**
     * Negations cost this much more: without it a consent is heard as "I do not consent" in a breath. A negation
     * heard is unclear, never granted, and the readings' agreement (judge.ts) catches the consent it hides.
     */
    phraseClass: { negate: 1e-4 },
    /** The same for one-word refusals and hesitations ("no", "maybe"), which a decoder hears in any short vowel. */
    shortWord: { classes: ['refuse', 'hesitate'], weight: 1e-4 },
  },
  reading: {
    /** A segment whose loudest frame is this far under the recording's foreground is someone else (a room, a TV). */
    backgroundBelowDb: 12,
    /** A word is judged with this many frames of its neighbours on each side: a soft word between loud ones ("is" in "my name is") is the partner's. */
    wordContextFrames: 15,
    /**
     * Foreground speech the phrases cannot explain, beyond this (in 10 ms frames), is speech about something else.
     * 25 frames granted 4 more clean consents in an earlier run, and "I'm too high to decide".
     */
    maxUnexplainedFrames: 12,
  },
  judge: {
    /**
     * No word is taken as heard below this per-frame fit against the free phones on its own frames, however well its
     * phrase fits ("do you want" heard as "I agree", held out, pitch +3: its "I" fitted -118): no consent of the
     * development runs lost by it.
     */
    minFit: -80,
    /**
     * Margins (per frame, under the speaker's median word fit against the free phones) within which a phrase is taken
     * as said: a filler or name forced onto other words fits worse than the speaker's own words. Consent -10/-20/-30,
     * filler -10/-20/-30 and phrase -15/-25/-35 granted within 2 consents of each other on clean + room + far, and
     * nothing that is not a consent at any value: what these margins guard against is what the readings' agreement
     * catches first on this corpus. A refusal fitting within 30 is a refusal (if every reading hears it).
     */
    consentMargin: -20,
    refusalMargin: -30,
    fillerMargin: -20,
    phraseMargin: -25,
    nameMargin: -20,
    /**
     * A name the typed one did not explain is `different` when the cohort's best names fit it this much better per
     * frame. Another person's name said clearly, clean + room + 10 dB: 5 -> 33 of 36 `different` and 96 of 234
     * consents granted; 10 -> 25 and 106; 15 -> 17 and 108; 20 -> 10 and 111. Of the 78 clean consents (names of
     * nine origins said in their own language's voice) 1 was `different` at 10.
     */
    cohortMargin: 10,
    /** The typed name is `matched` only where its words are this share of the frames where the name was said. */
    minTypedNameShare: 0.7,
    /** A name heard only as sounds lasts at most this many frames and this many per letter of the typed name. */
    nameSoundsBaseFrames: 30,
    nameSoundsFramesPerLetter: 16,
    nameSoundsMinLetters: 8,
    /**
     * A word of a consent phrase this short (3 frames is the fewest the model hears a one-phone word in) is taken only
     * where it runs into a neighbour: not `apartFrames` or more from the word before or after it. Three refusals said
     * one word at a time were granted on a 3- or 5-frame "i" 10 to 23 frames after "and" (held out, 2026-11-29). On
     * the development set no consent lost its grant (768: clean, tempo 0.85, reverb, far, and word by word), though 14
     * readings beside a granting one had such an "i" (8 to 98 frames apart): the margin is the other warps.
     */
    squeezedWordFrames: 5,
    apartFrames: 8,
    /** More fillers than this ("um", "yes", "hi"...), or this many in a row, are other speech they were forced onto. */
    maxFillers: 3,
    maxFillersInARow: 3,
    /** A provider's spelling of the name within this share of its letters (edits) is the typed name misspelled. */
    maxNameSpellingDistance: 0.34,
  },
} as const;
