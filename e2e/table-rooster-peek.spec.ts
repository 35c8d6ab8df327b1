import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { expect, test } from '@playwright/test';
import { doufu, type DoufuMove } from '../src/shared/games/doufu';
import type { DoufuState } from '../src/shared/games/doufu/types';
import { Rng, seedRng } from '../src/shared/util/rng';
import { doufuMatchFile, fontsReady, watchErrors } from './page-helpers';

/**
 * 斗福's Fortune Rooster (福鸡, 闻鸡起舞) at the table: the person who peeks at the top of the deck
 * sees the cards themselves, and each way to put them back as the cards on top and at the bottom —
 * not a line of card names. The position is made with the engine (seeded random play until seat 1
 * has to arrange) and saved where the app finds its saves.
 */

/** Seeded random play until seat 1 arranges the peeked cards. */
function arranging(): { seed: string; moves: DoufuMove[]; state: DoufuState } {
  for (let g = 0; g < 400; g++) {
    const seed = `rooster-peek-${g}`;
    const r = new Rng(seedRng(seed));
    let s = doufu.setup({ seed, players: 3, options: doufu.defaultOptions });
    const moves: DoufuMove[] = [];
    for (let i = 0; i < 6000 && s.step.k !== 'over'; i++) {
      if (s.step.k === 'arrange' && s.step.seat === 0 && s.step.cards.length === 2) return { seed, moves, state: s };
      const move = r.pick(doufu.legalMoves(s, doufu.status(s).toAct[0]!));
      const res = doufu.apply(s, move);
      if (!res.ok) throw new Error(res.message.en);
      moves.push(move);
      s = res.state;
    }
  }
  throw new Error('no seeded match reaches a Fortune Rooster peek by seat 1');
}

test('the Fortune Rooster peek shows the two cards as cards, and the arrangements as cards on top and bottom', async ({ page }) => {
  const errors = await watchErrors(page);
  const p = arranging();
  const dir = join(process.env.FUQI_E2E_EXPORT_DIR!, 'saves');
  mkdirSync(dir, { recursive: true });
  writeFileSync(join(dir, 'doufu-rooster-peek.fuqi.json'), JSON.stringify(doufuMatchFile(p.seed, p.moves, [{ kind: 'human' }, { kind: 'bot', level: 'random' }, { kind: 'bot', level: 'random' }])));
  const peeked = p.state.step.k === 'arrange' ? p.state.step.cards : [];

  await page.goto('/');
  await page.evaluate(`localStorage.clear(); localStorage.setItem('fuqi.locale', 'en')`);
  await page.goto('/#/p/doufu/table');
  await page.reload();
  await page.locator('[data-save-id="doufu-rooster-peek"] button').first().click();
  await fontsReady(page);

  const peek = page.locator('[data-peek]');
  await expect(peek.locator('.card')).toHaveCount(2);
  await expect(peek).toBeVisible();
  const arrangements = page.locator('[data-arrangement]');
  await expect(arrangements).toHaveCount(doufu.legalMoves(p.state, 0).filter((m) => m.type === 'arrange').length);
  // Each arrangement shows its cards (as chips), and says itself in words to a screen reader.
  await expect(arrangements.first().locator('.card')).toHaveCount(2);
  await expect(arrangements.first()).toHaveAttribute('aria-label', /^Top: .* · Bottom: /);
  mkdirSync(join(__dirname, '..', 'test-results/screenshots'), { recursive: true });
  await page.screenshot({ path: join(__dirname, '..', 'test-results/screenshots/doufu-rooster-peek.png') });
  // Putting both at the bottom: the peek is over.
  await page.locator(`[data-arrangement="|${peeked.join(',')}"]`).or(arrangements.last()).first().click();
  await expect(page.locator('[data-peek]')).toHaveCount(0);
  expect(errors).toEqual([]);
});
