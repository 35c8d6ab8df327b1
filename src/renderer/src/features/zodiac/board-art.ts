/**
 * The board project's art, rendered by main once per window (the built-in board does not change
 * while the app runs). The new-game screen asks early, so the table's board is ready when the race
 * starts: the first render of the board's icons and faces takes main a few seconds.
 */
import type { RenderedProject } from '../../../../shared/ipc/contract';
import { api } from '../../api';

/** The board project whose art the 生肖赛跑 table is drawn on. */
export const BOARD_PROJECT = 'zodiac-race-board';

let art: Promise<RenderedProject> | null = null;

/** The board's rendered face and images (a failed render is asked again next time). */
export function boardArt(): Promise<RenderedProject> {
  art ??= api.PROJECTS_RENDER({ projectId: BOARD_PROJECT, limit: 1 }).catch((e: unknown) => {
    art = null;
    throw e;
  });
  return art;
}
