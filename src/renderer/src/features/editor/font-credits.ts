/** The first non-empty line of a licence text, shortened for a credits line. */
export function licenceLineOf(licence: string): string {
  const line = licence.split(/\r?\n/).find((l) => l.trim() !== '')?.trim() ?? '';
  return line.length > 120 ? `${line.slice(0, 119)}…` : line;
}
