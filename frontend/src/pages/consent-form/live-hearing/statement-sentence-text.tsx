/** The sentence to say (`statementSentence`), as shown before the live hearing lights any of it. */
export function StatementSentence({ sentence }: { sentence: string }) {
  return <p className="break-words text-xl font-semibold text-slate-900 sm:text-2xl">“{sentence}”</p>;
}
