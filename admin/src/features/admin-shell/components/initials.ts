/** The avatar's fallback: 'Ada Lovelace' -> 'AL', 'Cher' -> 'C', 'ada@example.org' -> 'A'. */
export function initialsOf(nameOrEmail: string): string {
  const text = nameOrEmail.trim();
  if (text.includes('@')) return (text[0] ?? '?').toUpperCase();
  const words = text.split(/\s+/).filter(Boolean).slice(0, 2);
  return words.map((w) => [...w][0]!.toUpperCase()).join('') || '?';
}
