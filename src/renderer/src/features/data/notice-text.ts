/** The sentences of the data page's reload notice, in the interface language. */
import type { TableDiff } from '../../../../shared/cards/table';
import { i18n } from '../../i18n/I18n.svelte';
import type { ReloadNotice } from '../../state/CardsEditor.svelte';

/** "1 row added, 2 rows changed (b, d)" — only the parts that are not zero. */
export function diffText(d: TableDiff): string {
  const parts: string[] = [];
  if (d.added) parts.push(i18n.t('data.notice.added', { n: d.added }));
  if (d.changed) parts.push(i18n.t('data.notice.changed', { n: d.changed }));
  if (d.removed) parts.push(i18n.t('data.notice.removed', { n: d.removed }));
  if (d.moved) parts.push(i18n.t('data.notice.moved', { n: d.moved }));
  if (d.columnsAdded.length) parts.push(i18n.t('data.notice.columnsAdded', { names: d.columnsAdded.join(i18n.locale === 'zh' ? '、' : ', ') }));
  if (d.columnsRemoved.length) parts.push(i18n.t('data.notice.columnsRemoved', { names: d.columnsRemoved.join(i18n.locale === 'zh' ? '、' : ', ') }));
  const text = parts.join(i18n.locale === 'zh' ? '，' : ', ');
  return d.sample.length && (d.added || d.changed) ? text + i18n.t('data.notice.sample', { ids: d.sample.join(', ') }) : text;
}

/** The whole notice: what changed in the cards file, or which other files changed. */
export function noticeText(n: ReloadNotice, cardsFile: string): string {
  if (n.files.includes(cardsFile) || n.files.includes('project.json')) {
    const file = n.files.includes(cardsFile) ? cardsFile : 'project.json';
    const tab = n.by === 'tab';
    return n.diff ? i18n.t(tab ? 'data.notice.reloadedTab' : 'data.notice.reloaded', { file, what: diffText(n.diff) }) : i18n.t(tab ? 'data.notice.sameTab' : 'data.notice.same', { file });
  }
  return i18n.t('data.notice.files', { files: n.files.slice(0, 3).join(', ') + (n.files.length > 3 ? ' …' : '') });
}
