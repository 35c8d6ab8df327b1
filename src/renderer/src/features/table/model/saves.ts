/**
 * What the saved-matches list decides before acting: whether loading a save would throw away a
 * match in play (and so asks first), and how a save is titled.
 */
import type { SavedMatchInfo } from '../../../../../shared/ipc/contract';

/** The part of a match at the table this needs. */
export interface MatchAtTable {
  readonly length: number;
  status(): { over: boolean };
}

/**
 * The moves of the match in play that loading or replaying a save would replace, or null when
 * nothing would be lost: no match, a finished one, or one with no move made yet.
 */
export function replacesMatch(match: MatchAtTable | null): number | null {
  if (!match || match.length === 0 || match.status().over) return null;
  return match.length;
}

/** A save's title: the name the user gave it, else when it was saved (`when` formats the date). */
export function saveTitle(info: Pick<SavedMatchInfo, 'name' | 'savedAt'>, when: (iso: string) => string): string {
  return info.name?.trim() ? info.name : when(info.savedAt);
}
