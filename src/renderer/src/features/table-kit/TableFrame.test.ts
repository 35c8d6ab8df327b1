import { createRawSnippet } from 'svelte';
import { render } from 'svelte/server';
import { beforeEach, describe, expect, it } from 'vitest';
import type { WindowApi } from '../../../../shared/ipc/contract';
import { i18n } from '../../i18n/I18n.svelte';
import TableFrame from './TableFrame.svelte';
import { CountTable } from './toy-game.svelte';

// Unit files share one module instance (vitest isolate: false): the language another file left set is not assumed.
beforeEach(() => i18n.setLocale('zh'));

const api = { MATCHES_LIST: async () => [] } as unknown as WindowApi;
/** The toy game's whole board: the count. */
const board = (t: CountTable) => createRawSnippet(() => ({ render: () => `<div data-toy-board>${t.view?.count ?? ''}</div>` }));
const html = (t: CountTable) => render(TableFrame, { props: { table: t, title: 'Count', board: board(t) } }).body.replace(/<!--[^>]*-->/g, '');

describe('the table frame around a game that brings only its board (the README’s toy game)', () => {
  it('puts the toolbar, the board, the curtain over it and the log around the board', () => {
    const t = new CountTable('count', api);
    t.start();
    const body = html(t);
    expect(body).toContain('data-game="count-to-ten"');
    expect(body).toContain('role="toolbar"');
    expect(body).toContain('data-toy-board');
    // Two people share the screen: the curtain waits for seat 1 over the board.
    expect(body).toContain('data-curtain="0"');
    expect(body).toContain('data-shown-seat="public"');
    t.lift();
    t.act({ type: 'add', seat: 0, by: 2 });
    t.lift();
    const after = html(t);
    expect(after).toContain('座位 1 加 2，到 2');
    expect(after).not.toContain('data-standings');
  });

  it('shows the winner and each seat at the end, and the replay bar instead while replaying', () => {
    const t = new CountTable('count', api);
    t.start();
    for (let i = 0; i < 5; i++) {
      t.lift();
      t.act({ type: 'add', seat: t.deciding!, by: 2 });
    }
    const end = html(t);
    expect(end).toContain('data-standings');
    expect(end).toContain('获胜：座位 1');
    expect(end.match(/data-standing="\d"/g)).toHaveLength(2);
    expect(end).toContain('data-standings-replay');
    t.replay.enter(0);
    const replaying = html(t);
    expect(replaying).not.toContain('data-standings');
    expect(replaying).toContain('data-replay-prev');
  });

  it('lets a game put its own end panel before the curtain, the replay bar in its board and more under the log', () => {
    const t = new CountTable('count', api);
    t.start();
    const raw = (html: string) => createRawSnippet(() => ({ render: () => html }));
    const props = { table: t, title: 'Count', board: board(t), standings: raw('<div data-own-end>end</div>'), ended: true, below: raw('<div data-below>below</div>') };
    const body = (more: object) => render(TableFrame, { props: { ...props, ...more } }).body;
    // The curtain waits for seat 1: by default it covers the board; a public end panel can go first.
    expect(body({})).toContain('data-curtain="0"');
    expect(body({})).not.toContain('data-own-end');
    expect(body({ endFirst: true })).toContain('data-own-end');
    expect(body({ endFirst: true })).not.toContain('data-curtain');
    expect(body({})).toContain('data-below');
    t.lift();
    t.act({ type: 'add', seat: 0, by: 1 });
    t.lift();
    t.replay.enter(0);
    expect(body({})).toContain('data-replay-prev');
    expect(body({ replayInBoard: true })).not.toContain('data-replay-prev');
    expect(body({ rail: true, veil: 'paper' })).toMatch(/class="frame veil-paper[^"]*rail/);
    // A tall side column scrolls as a whole, a narrow one leaves the board more; plain paper hides the board under what covers it.
    expect(body({ scrolls: true, narrow: true, veil: 'solid' })).toMatch(/class="frame veil-solid[^"]*scrolls[^"]*narrow/);
  });
});
