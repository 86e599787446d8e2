/**
 * A consent with a word where a refusal's negation stands ("i do consent", "i fully agree", "i give consent"): "do",
 * "fully" or "give" is a sound or two from "don't", "won't" or "can't" ("My name is Ryan Cooper, and I don't consent",
 * said slower and louder, was heard as "... and i fully consent" on every warp). The check never grants one: the
 * partner is asked again, and the sentence shown has no such word. `words`: a consent phrase's words, space-separated.
 */
export function inNegationSlot(words: string): boolean {
  return /^i [a-z']+ (consent|agree)$/.test(words);
}
