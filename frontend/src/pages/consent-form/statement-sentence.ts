/** The sentence the partner is asked to say at step 1, with the name they typed (its own module: step 1 loads it, not the checks of what was heard). */
export function statementSentence(fullName: string): string {
  return `My name is ${fullName} and I consent.`;
}
