/** One game of a lab run, played by the game's simulator and reduced by its lab hook. */
import { doufuLab } from '../../../shared/games/doufu/lab';
import { zodiacLab } from '../../../shared/games/zodiac-race/lab';
import { douLaobanLab } from '../../../shared/games/dou-laoban/lab';
import { moyuWangLab } from '../../../shared/games/moyu-wang/lab';
import { douShisiLab } from '../../../shared/games/dou-shisi/lab';
import type { LabGame } from '../../../shared/lab';
import { playDlMatch, playDsMatch, playMatch, playMwMatch, playZrMatch } from '../simulation';
import { botsOf, type AnySimConfig } from './config';

/** Play game `index` of a run under `cfg` (bots rotated when `rotate`) and reduce it to a LabGame. */
export function playLabGame(cfg: AnySimConfig, index: number, rotate: boolean): LabGame {
  if (cfg.game === 'doufu') {
    const bots = botsOf(cfg.bots, index, rotate);
    return doufuLab.fromMatch(playMatch(rotate ? { ...cfg, bots } : cfg, index), bots);
  }
  if (cfg.game === 'zodiac-race') {
    const bots = botsOf(cfg.bots, index, rotate);
    return zodiacLab.fromMatch(playZrMatch(rotate ? { ...cfg, bots } : cfg, index), bots);
  }
  if (cfg.game === 'moyu-wang') {
    const bots = botsOf(cfg.bots, index, rotate);
    return moyuWangLab.fromMatch(playMwMatch(rotate ? { ...cfg, bots } : cfg, index), bots);
  }
  if (cfg.game === 'dou-shisi') {
    const bots = botsOf(cfg.bots, index, rotate);
    // With transcripts: the calls are counted from each hand's moves.
    return douShisiLab.fromMatch(playDsMatch(rotate ? { ...cfg, bots } : cfg, index), bots);
  }
  const bots = botsOf(cfg.bots, index, rotate);
  return douLaobanLab.fromMatch(playDlMatch(rotate ? { ...cfg, bots } : cfg, index), bots);
}
