import { i18n } from '../i18n/I18n.svelte';

/**
 * The text of a failure in the interface language. Main answers every error with an English
 * message and, where it has one, the same in Chinese in its details — `details.zh` (limits, worker
 * budgets) or `details.message: { zh, en }` (fonts, saves, browser-mode limits); the code is added
 * when the message is main's English one, so a report names it.
 * @example describeError(new AppError('ipc/too-deep', 'Too deep', { zh: '嵌套太深' })) // '嵌套太深' in Chinese
 */
export function describeError(e: unknown, locale: 'zh' | 'en' = i18n.locale): string {
  if (!(e instanceof Error)) return String(e);
  const code = 'code' in e && typeof e.code === 'string' ? e.code : undefined;
  const local = localText((e as { details?: unknown }).details);
  if (local?.[locale]) return local[locale]!;
  return code ? `${e.message} (${code})` : e.message;
}

/** The bilingual text in an error's details, if it carries one. */
function localText(details: unknown): { zh?: string; en?: string } | undefined {
  if (typeof details !== 'object' || details === null) return undefined;
  const d = details as { zh?: unknown; en?: unknown; message?: unknown };
  const m = typeof d.message === 'object' && d.message !== null ? (d.message as { zh?: unknown; en?: unknown }) : d;
  const zh = typeof m.zh === 'string' && m.zh ? m.zh : undefined;
  const en = typeof m.en === 'string' && m.en ? m.en : undefined;
  return zh || en ? { zh, en } : undefined;
}

/** A save refused because the file changed on disk since the revision it started from. */
export const isConflict = (e: unknown): boolean => (e as { code?: string } | null)?.code === 'projects/conflict';

/** The app host did not answer (browser mode's transport, or a gone main process). */
export const isOffline = (e: unknown): boolean => String((e as { code?: string } | null)?.code ?? '').startsWith('net/');
