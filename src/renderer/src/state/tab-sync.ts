/**
 * Tabs and windows of the app on one project hear each other's saves at once. The app's own writes
 * are not reported by the host's file watcher (they are not "changed on disk" for the window that
 * made them), so without this a second tab would never see the first one's edit and its next save
 * would be refused as a conflict "by another program". A tab that saves announces the files on a
 * BroadcastChannel (same origin: the browser's tabs, or Electron's windows of one session); the
 * others treat them as changed on disk: reloaded when they have nothing unsaved, a conflict that
 * shows what the other tab saved when they do.
 */

/** One announcement: `files` of `projectId` were saved by the tab `tab`. */
export interface SavedMessage {
  kind: 'saved';
  projectId: string;
  files: string[];
  tab: string;
}

const CHANNEL = 'fuqi-project-saves';
/** This tab's id: its own announcements come back to no one (BroadcastChannel skips the sender), but a second channel object in the same tab would hear them. */
const TAB = Math.random().toString(36).slice(2) + Date.now().toString(36);

let channel: BroadcastChannel | null | undefined;
const listeners = new Set<(m: SavedMessage) => void>();

function open(): BroadcastChannel | null {
  if (channel !== undefined) return channel;
  if (typeof BroadcastChannel === 'undefined') return (channel = null);
  channel = new BroadcastChannel(CHANNEL);
  channel.onmessage = (e: MessageEvent) => {
    const m = e.data as Partial<SavedMessage> | null;
    if (!m || m.kind !== 'saved' || typeof m.projectId !== 'string' || !Array.isArray(m.files) || m.tab === TAB) return;
    const files = m.files.filter((f): f is string => typeof f === 'string');
    for (const fn of listeners) fn({ kind: 'saved', projectId: m.projectId, files, tab: String(m.tab) });
  };
  return channel;
}

/** Tell the other tabs that this tab saved `files` of `projectId`. */
export function announceSaved(projectId: string, files: readonly string[]): void {
  if (files.length === 0) return;
  open()?.postMessage({ kind: 'saved', projectId, files: [...files], tab: TAB } satisfies SavedMessage);
}

/** Call `fn` with the files another tab saved in `projectId`; returns the unsubscribe. */
export function onSavedElsewhere(projectId: string, fn: (files: string[]) => void): () => void {
  const l = (m: SavedMessage) => {
    if (m.projectId === projectId) fn(m.files);
  };
  open();
  listeners.add(l);
  return () => listeners.delete(l);
}
