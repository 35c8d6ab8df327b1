/**
 * Cell values as a spreadsheet shows them, for reading XLSX into text: numbers through the common
 * number formats (General, 0, 0.00, #,##0.00, 0%, 0.00E+00, @), dates as ISO (2026-01-31, with
 * T12:30:00 when there is a time, 12:30:00 for a time alone), TRUE/FALSE, error codes as written.
 */

/** Digits Excel keeps in a General number (15 significant), without trailing zeros. */
function general(v: number): string {
  if (!Number.isFinite(v)) return String(v);
  if (Number.isInteger(v) && Math.abs(v) < 1e15) return String(v);
  const s = String(Number(v.toPrecision(15)));
  return s.includes('e') ? Number(v.toPrecision(15)).toExponential().toUpperCase().replace(/E([+-])(\d)$/, 'E$10$2') : s;
}

const groupThousands = (s: string): string => {
  const [int, frac] = s.split('.');
  const neg = int!.startsWith('-');
  const digits = neg ? int!.slice(1) : int!;
  const grouped = digits.replace(/\B(?=(\d{3})+(?!\d))/g, ',');
  return `${neg ? '-' : ''}${grouped}${frac !== undefined ? `.${frac}` : ''}`;
};

/**
 * A number as shown with number format `fmt` (Excel's format codes). Formats this does not know
 * (fractions, conditions, dates given as numbers) fall back to General, which keeps every digit that matters.
 * @example formatNumber(0.125, '0.0%') // '12.5%'
 */
export function formatNumber(v: number, fmt: string | undefined): string {
  // The first section is for positive numbers (and all numbers when there is one section).
  const section = (fmt ?? 'General')
    .split(';')[0]!
    .replace(/\[\$([^\]-]*)(?:-[0-9A-Fa-f]+)?\]/g, '"$1"') // [$¥-804]: a currency symbol
    .replace(/\[[^\]]*\]/g, '') // colours, conditions
    .replace(/_./g, '') // padding the width of a character
    .replace(/\\(.)/g, '"$1"') // an escaped literal character
    .trim();
  if (section === '' || /^general$/i.test(section)) return general(v);
  if (section === '@') return general(v);
  // Literal text before and after the number: "¥"#,##0.00, 0.0" pts", $#,##0
  const fixed = /^((?:"[^"]*"|[$¥€£ -])*)(#,##)?0(?:\.(0+))?(%?)((?:"[^"]*"|[$¥€£ ])*)$/.exec(section);
  if (fixed) {
    const literal = (t: string): string => t.replace(/"([^"]*)"/g, '$1');
    const places = fixed[3]?.length ?? 0;
    const n = fixed[4] ? v * 100 : v;
    let s = Math.abs(n).toFixed(places);
    if (fixed[2]) s = groupThousands(s);
    const negative = n < 0 && /[1-9]/.test(s);
    return `${negative ? '-' : ''}${literal(fixed[1]!)}${s}${fixed[4]}${literal(fixed[5]!)}`;
  }
  const sci = /^0(?:\.(0+))?E\+00$/i.exec(section);
  if (sci) return v.toExponential(sci[1]?.length ?? 0).toUpperCase().replace(/E([+-])(\d)$/, 'E$10$2');
  return general(v);
}

const pad = (n: number, w = 2): string => String(n).padStart(w, '0');

/**
 * A spreadsheet date as ISO text. Spreadsheet dates have no time zone; readers hand them over as
 * UTC, so the UTC fields are the ones the sheet shows. A time alone (day 0 of the 1900 system)
 * is just the time.
 */
export function formatDate(d: Date): string {
  if (Number.isNaN(d.getTime())) return '';
  const date = `${pad(d.getUTCFullYear(), 4)}-${pad(d.getUTCMonth() + 1)}-${pad(d.getUTCDate())}`;
  const secs = d.getUTCHours() * 3600 + d.getUTCMinutes() * 60 + d.getUTCSeconds() + d.getUTCMilliseconds() / 1000;
  const rounded = Math.round(secs);
  const time = `${pad(Math.floor(rounded / 3600) % 24)}:${pad(Math.floor(rounded / 60) % 60)}:${pad(rounded % 60)}`;
  if (date === '1899-12-30' || date === '1899-12-31') return time;
  return rounded === 0 ? date : `${date}T${time}`;
}
