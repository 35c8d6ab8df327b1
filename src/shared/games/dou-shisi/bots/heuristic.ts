/** The heuristic bot: the policy (policy.ts) on its seat's view. */
import type { Bot } from '../../../engine/types';
import type { DsView } from '../game';
import type { DsMove } from '../state';
import { policyMove, type Knowledge } from './policy';

export const knowledgeOfView = (v: DsView, seat: number): Knowledge => ({ hand: v.concealed, melds: v.melds, flowers: v.flowers, gaps: v.gaps, options: v.options, seat });

export const heuristicBot: Bot<DsView, DsMove> = ({ view, seat, legal }) => (legal.length === 1 ? legal[0]! : policyMove(knowledgeOfView(view, seat), legal));
