import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { doufu, type DoufuMove } from '../src/shared/games/doufu';
import { Rng, seedRng } from '../src/shared/util/rng';
import { doufuMatchFile, fontsReady, freshStart, openDoufuTable, watchErrors } from './page-helpers';

/**
 * What a seat remembers about another hand: a match (made here with the engine, saved where the
 * app keeps its saves) in which a bot took a pool card into its hand by 蒙换. Loaded at the table,
 * that card shows face up beside the bot's card backs, for the person watching, until it leaves.
 */

const SAVES = join(process.env.FUQI_E2E_EXPORT_DIR!, 'saves');

/** Random legal play (seeded) until seat 1 has taken a card by 蒙换 and seat 0 is to move. */
function matchWithSwap(): { moves: DoufuMove[]; card: string; seed: string; known: string[][] } {
  for (let g = 0; g < 500; g++) {
    const seed = `known-${g}`;
    const r = new Rng(seedRng(seed));
    let s = doufu.setup({ seed, players: 3, options: doufu.defaultOptions });
    const moves: DoufuMove[] = [];
    let taken: string | null = null;
    for (let i = 0; i < 400 && s.step.k !== 'over'; i++) {
      const seat = doufu.status(s).toAct[0]!;
      if (taken && seat === 0 && doufu.view(s, 0).known[1]!.includes(taken)) return { moves, card: taken, seed, known: doufu.view(s, 0).known };
      const legal = doufu.legalMoves(s, seat);
      const move = legal.find((m) => m.type === 'swap' && seat === 1 && s.step.k === 'swap') ?? r.pick(legal);
      const res = doufu.apply(s, move);
      if (!res.ok) throw new Error(res.message.en);
      if (move.type === 'swap' && s.step.k === 'swap' && seat === 1) taken = move.take;
      s = res.state;
      moves.push(move);
    }
  }
  throw new Error('no seeded match in 500 has a bot 蒙换 followed by seat 0 to move');
}

test('table: a card a bot took by 蒙换 shows face up in its hand', async ({ page }) => {
  const errors = await watchErrors(page);
  const { moves, card, seed, known: expected } = matchWithSwap();
  mkdirSync(SAVES, { recursive: true });
  const id = 'doufu-known-swap';
  const file = doufuMatchFile(seed, moves, [{ kind: 'human' }, { kind: 'bot', level: 'random' }, { kind: 'bot', level: 'random' }]);
  writeFileSync(join(SAVES, `${id}.fuqi.json`), JSON.stringify(file));

  await freshStart(page);
  await openDoufuTable(page);
  await page.getByRole('button', { name: `载入存档 ${id}` }).click();
  await fontsReady(page);
  const known = page.locator('[data-known="1"]');
  await expect(known.locator(`[data-card="${card}"]`)).toBeVisible();
  // Exactly what the engine says seat 0 knows, seat by seat (its own hand it sees whole).
  for (const seat of [1, 2]) {
    const cards = page.locator(`[data-known="${seat}"] [data-card]`);
    await expect(cards).toHaveCount(expected[seat]!.length);
    expect((await cards.evaluateAll((els) => els.map((e) => e.getAttribute('data-card')))).sort()).toEqual([...expected[seat]!].sort());
  }
  await expect(page.locator('[data-known="0"]')).toHaveCount(0);
  await known.screenshot({ path: join(__dirname, '..', 'test-results', 'screenshots', 'table-known.png') });
  await page.screenshot({ path: join(__dirname, '..', 'test-results', 'screenshots', 'table-known-full.png') });
  expect(errors).toEqual([]);
});
