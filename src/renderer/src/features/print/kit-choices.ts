/**
 * The choices every "whole game" kit panel offers (PrintKit for 生肖赛跑, PrintCardKit for the
 * card games), in the reader's language: paper, whole game or some parts, sheet orientation.
 */
import { PAPER_IDS, type PaperId } from '../../../../shared/print/paper';
import { i18n } from '../../i18n/I18n.svelte';
import type { MessageKey } from '../../i18n/catalogue';

export interface Choice<T> {
  value: T;
  label: string;
}

/** The papers a kit prints on. */
export const paperChoices = (): Choice<PaperId>[] => PAPER_IDS.map((p) => ({ value: p, label: i18n.t(`kit.paper.${p}` as MessageKey) }));

/** The whole game, or the parts ticked. */
export const whatChoices = (): Choice<'whole' | 'parts'>[] => [
  { value: 'whole', label: i18n.t('kit.what.whole') },
  { value: 'parts', label: i18n.t('kit.what.parts') },
];

/** Which way round card sheets print (auto keeps their crop marks inside the margin). */
export const orientationChoices = (): Choice<'auto' | 'portrait' | 'landscape'>[] =>
  (['auto', 'portrait', 'landscape'] as const).map((o) => ({ value: o, label: i18n.t(`print.orientation.${o}`) }));
