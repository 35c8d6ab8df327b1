import type { MessageKey } from '../../i18n/catalogue';
import { describeError } from '../../state/errors';

/** A failure as Home shows it: one sentence in the user's language, and main's own words (English, with the path) as details. */
export interface HomeError {
  key: MessageKey;
  params: Record<string, string>;
  /** `describeError`: main's message and code. */
  detail: string;
}

/** Why `projects:open` refused a path (its `details.reason`), in the catalogue's words. */
const OPEN_REASONS: Record<string, MessageKey> = {
  relative: 'home.err.relative',
  missing: 'home.err.missing',
  link: 'home.err.link',
  file: 'home.err.file',
  'no-project-json': 'home.err.noProjectJson',
};

/** Error codes of the project channels, in the catalogue's words. */
const CODES: Record<string, MessageKey> = {
  'projects/not-a-project': 'home.err.notAProject',
  'projects/not-found': 'home.err.notFound',
  'projects/read-only': 'home.err.readOnly',
  'projects/copy-failed': 'home.err.copyFailed',
  'projects/trash-failed': 'home.err.trashFailed',
  'cards/invalid': 'home.err.invalid',
  'dialog/unavailable': 'home.err.noDialog',
  'ipc/bad-request': 'home.err.badRequest',
};

/**
 * Word a failure of a Home action: by the refusal's reason when `projects:open` gave one, else
 * by its code; anything unknown is "That did not work", with main's message as details.
 * @example homeError(new AppError('projects/not-a-project', '…', { reason: 'missing' })).key // 'home.err.missing'
 */
export function homeError(e: unknown, example = '/home/me/Documents/my-game'): HomeError {
  const code = e instanceof Error && 'code' in e && typeof e.code === 'string' ? e.code : '';
  const details = e instanceof Error && 'details' in e ? (e as { details?: unknown }).details : undefined;
  const reason = details && typeof details === 'object' && 'reason' in details ? String((details as { reason: unknown }).reason) : '';
  const key = (code === 'projects/not-a-project' && OPEN_REASONS[reason]) || CODES[code] || (code.startsWith('net/') ? 'home.err.net' : 'home.err.generic');
  return { key, params: { example }, detail: describeError(e) };
}
