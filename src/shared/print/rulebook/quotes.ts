import type { Block, Span } from './parse';

/**
 * Straight quotes as typographic ones: `'` and `"` open (‘ “) after the start, a blank, an
 * opening bracket or a dash, and close (’ ”) elsewhere — so an apostrophe (“don't”, “Rat's”)
 * becomes ’. The length is unchanged (one character for one).
 * @example curlyQuotes('"Fortune Duel" is the Rat\'s game') // → '“Fortune Duel” is the Rat’s game'
 */
export function curlyQuotes(text: string, before = ''): string {
  let prev = before.slice(-1);
  let out = '';
  for (const ch of text) {
    const opening = prev === '' || /[\s([{\u2014\u2013-]/u.test(prev);
    out += ch === "'" ? (opening ? '‘' : '’') : ch === '"' ? (opening ? '“' : '”') : ch;
    prev = ch;
  }
  return out;
}

/** Curl the quotes of spans (code spans stay as written), the context running across spans. */
function spans(list: Span[]): Span[] {
  let before = '';
  return list.map((s) => {
    const text = s.code ? s.text : curlyQuotes(s.text, before);
    before = s.text;
    return text === s.text ? s : { ...s, text };
  });
}

/** An English book's blocks with typographic quotes in every text but code. */
export function curlBlocks(blocks: Block[]): Block[] {
  return blocks.map((b): Block => {
    switch (b.kind) {
      case 'heading': {
        const sp = spans(b.spans);
        return { ...b, spans: sp, text: sp.map((s) => s.text).join('') };
      }
      case 'paragraph':
        return { ...b, spans: spans(b.spans) };
      case 'list':
        return { ...b, items: b.items.map(curlBlocks) };
      case 'table':
        return { ...b, header: b.header.map(spans), rows: b.rows.map((r) => r.map(spans)) };
      case 'figures':
        return { ...b, items: b.items.map((f) => ({ ...f, caption: curlyQuotes(f.caption) })) };
      case 'callout':
        return { ...b, blocks: curlBlocks(b.blocks) };
      default:
        return b;
    }
  });
}
