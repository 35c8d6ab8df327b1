import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { beforeEach, describe, expect, it } from 'vitest';
import { i18n } from '../../i18n/I18n.svelte';
import SeatStrip from './SeatStrip.svelte';

const levels = [{ id: 'easy', name: { zh: '入门', en: 'Beginner' } }];
const seats = [{ kind: 'human' as const }, { kind: 'bot' as const, level: 'easy' }, { kind: 'bot' as const, level: 'easy' }];
const strip = (props: object) => render(SeatStrip, { props: { seats, levels, cols: 3, me: 0, turn: 1, ...props } }).body.replace(/<!--[^>]*-->/g, '');

// The locale is the app's one store: another test may have left it in English.
beforeEach(() => i18n.setLocale('zh'));

describe('the seat strip', () => {
  it('names every seat, says which is yours and a bot’s level, and marks whose turn it is', () => {
    const body = strip({ marked: 2, data: (s: number) => ({ 'data-x-seat': s, 'data-count': 10 + s }) });
    expect(body.match(/<li /g)).toHaveLength(3);
    expect(body).toMatch(/座位 1 ?· 你/);
    expect(body.match(/入门/g)).toHaveLength(2);
    expect(body).toMatch(/class="seat [^"]*turn[^"]*"[^>]*data-x-seat="1" data-count="11"/);
    expect(body).toMatch(/class="seat [^"]*me[^"]*"[^>]*data-x-seat="0"/);
    expect(body).toMatch(/class="seat [^"]*marked[^"]*"[^>]*data-x-seat="2"/);
  });

  it('shows what the game adds beside and under each name; nobody’s turn once the match is over', () => {
    const head = createRawSnippet((s: () => number) => ({ render: () => `<b data-head="${s()}">h</b>` }));
    const body = createRawSnippet((s: () => number) => ({ render: () => `<i data-body="${s()}">b</i>` }));
    const html = strip({ turn: null, me: null, head, body });
    expect(html).toContain('data-head="2"');
    expect(html).toContain('data-body="0"');
    expect(html).not.toContain('turn');
    expect(html).not.toContain('你');
  });
});
