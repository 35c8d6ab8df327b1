/**
 * The card games' print-and-play kits (斗老闆, 摸鱼王, 斗十四) behind one door, so the print
 * dialog, its worker task and the tests ask for any of them the same way: a request naming the
 * game, checked here, then written by that game's kit module (the same function the CLI's
 * `export <game>-kit` calls, so the dialog and the command line write the same bytes).
 */
import { CARD_KIT_PARTS, type CardKitGame } from '../../../shared/print/card-kits';
import { CardKitJob } from '../../../shared/print/card-kit-request';
import { err, ok, type Result } from '../../../shared/util/result';
import { exportDouLaobanKit } from './dou-laoban-kit';
import type { KitDeps } from './kit';
import { exportMoyuKit } from './moyu-kit';
import { exportShisiKit } from './shisi-kit';

/** What a card kit export wrote. */
export interface CardKitWritten {
  pages: number;
  bytes: number;
}

type KitWriter = (deps: KitDeps, input: unknown, file: string, opts?: { overwrite?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal }) => Promise<Result<CardKitWritten>>;

/** Each game's kit writer (its built-in project has the game's id). */
const WRITERS: Record<CardKitGame, KitWriter> = {
  'dou-laoban': exportDouLaobanKit,
  'moyu-wang': exportMoyuKit,
  'dou-shisi': exportShisiKit,
};

/** A checked card-kit job: the game, its request as the game's kit module takes it, and the file name's stem. */
export interface CardKitPlan {
  game: CardKitGame;
  request: Record<string, unknown>;
  /** `<game>-kit-<paper>[-<parts>]`: the parts only when some are left out. */
  base: string;
}

/** Check a print dialog's kit request, with a message that names the option to fix. */
export function planCardKit(input: unknown): Result<CardKitPlan> {
  const r = CardKitJob.safeParse(input);
  if (!r.success) {
    const i = r.error.issues[0]!;
    const where = i.path.join('.') || '(request)';
    return err('print/bad-request', `Kit option ${where}: ${i.message}.`, { zh: `套件选项 ${where} 不正确：${i.message}。` });
  }
  const { game, ...rest } = r.data;
  // 斗老闆's request names its game itself; the others' requests are the CLI's, without it.
  const request: Record<string, unknown> = game === 'dou-laoban' ? { game, ...rest } : rest;
  const all: readonly string[] = CARD_KIT_PARTS[game];
  const parts = 'parts' in rest && Array.isArray(rest.parts) ? (rest.parts as string[]) : [...all];
  const whole = all.every((p) => parts.includes(p));
  const paper = rest.paper ?? 'a4';
  return ok({ game, request, base: `${game}-kit-${paper}${whole ? '' : `-${[...new Set(parts)].sort().join('-')}`}` });
}

/** Write a planned card kit's PDF to `file` (atomically; an existing file only with `overwrite`). */
export function exportCardKit(
  deps: KitDeps,
  plan: Pick<CardKitPlan, 'game' | 'request'>,
  file: string,
  opts: { overwrite?: boolean; onProgress?: (fraction: number) => void; signal?: AbortSignal } = {},
): Promise<Result<CardKitWritten>> {
  return WRITERS[plan.game](deps, plan.request, file, opts);
}
