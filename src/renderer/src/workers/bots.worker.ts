/**
 * The table's bots, off the UI thread. Each request carries the game, one seat's view, its legal moves, the
 * bot level and a seed; the answer is the chosen move (or why the bot failed). The worker keeps no
 * state between requests, so a request made after an undo is answered exactly as the first time.
 */
import { Rng, seedRng } from '../../../shared/util/rng';
import { gameBotFor } from '../features/table/model/game-bots';
import type { BotRequest, BotAnswer } from '../state/TableBots.svelte';

const scope = self as unknown as { onmessage: ((e: MessageEvent<BotRequest>) => void) | null; postMessage(message: BotAnswer): void };

scope.onmessage = (e) => {
  const { id, game, level, seat, view, legal, seed } = e.data;
  try {
    const move = gameBotFor(game, level)({ seat, view, legal, rng: new Rng(seedRng(seed)) });
    scope.postMessage({ id, move });
  } catch (err) {
    scope.postMessage({ id, error: err instanceof Error ? err.message : String(err) });
  }
};
