/** The help page's search: every word typed must appear in the question or the answer. */

/** Lower case without accents, so 'envio' finds 'envío' and 'etape' finds 'Étape'. */
function folded(text: string): string {
  return text
    .normalize('NFD')
    .replace(/\p{Diacritic}/gu, '')
    .toLowerCase();
}

export function matchesHelp(entry: { question: string; answer: string }, query: string): boolean {
  const words = folded(query).split(/\s+/).filter(Boolean);
  if (words.length === 0) return true;
  const text = folded(`${entry.question} ${entry.answer}`);
  return words.every((word) => text.includes(word));
}
