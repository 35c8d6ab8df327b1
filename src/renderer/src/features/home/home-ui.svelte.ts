import type { ProjectSummary } from '../../../../shared/ipc/contract';
import type { MessageKey } from '../../i18n/catalogue';
import { i18n } from '../../i18n/I18n.svelte';
import { projects } from '../../state/Projects.svelte';
import { router, type ProjectTab } from '../../state/Router.svelte';
import { homeError, type HomeError } from './home-errors';

/** Which dialog of Home is open. */
export type HomeDialog =
  | { kind: 'new'; tab: 'blank' | 'copy'; from?: string }
  | { kind: 'open'; path?: string; error?: HomeError }
  | { kind: 'rename'; project: ProjectSummary }
  | { kind: 'trash'; project: ProjectSummary };

/** One entry of a project's action menu. */
export interface MenuItem {
  label: string;
  onselect: () => void;
  /** A destructive action (drawn in the accent colour). */
  danger?: boolean;
}

/** A line Home shows after an action: what happened, or what failed. */
export interface HomeNotice {
  tone: 'ok' | 'error';
  key: MessageKey;
  params: Record<string, string | number>;
  /** For failures: main's own message. */
  detail?: string;
}

/** The tab a new or opened project starts on: its data grid. */
export function startTab(): ProjectTab {
  return 'data';
}

/** Home's own state: the open dialog, the last notice, and the actions its cards offer. */
class HomeUi {
  dialog = $state.raw<HomeDialog | null>(null);
  notice = $state.raw<HomeNotice | null>(null);

  /** Show what happened (replacing the last notice). */
  tell(key: MessageKey, params: Record<string, string | number> = {}): void {
    this.notice = { tone: 'ok', key, params };
  }

  /** Show a failure of an action started from a card (dialogs show their own). */
  fail(e: unknown): void {
    const h = homeError(e);
    this.notice = { tone: 'error', key: h.key, params: h.params, detail: h.detail };
  }

  /** Go to a project that was just made or opened. */
  go(id: string): void {
    router.go({ view: 'project', projectId: id, tab: startTab() });
  }

  /**
   * The action menu of a user project: open, rename, duplicate, copy path, reveal (desktop only),
   * trash. A project that does not load keeps only what works on its folder.
   */
  menu(p: ProjectSummary): MenuItem[] {
    const items: MenuItem[] = [];
    if (!p.problem)
      items.push(
        { label: i18n.t('home.action.open'), onselect: () => this.go(p.id) },
        { label: i18n.t('home.action.rename'), onselect: () => (this.dialog = { kind: 'rename', project: p }) },
        { label: i18n.t('home.action.duplicate'), onselect: () => void this.duplicate(p) },
      );
    items.push({ label: i18n.t('home.action.copyPath'), onselect: () => void this.copyPath(p) });
    if (projects.mode === 'desktop') items.push({ label: i18n.t('home.action.reveal'), onselect: () => void this.reveal(p) });
    items.push({ label: i18n.t('home.action.trash'), onselect: () => (this.dialog = { kind: 'trash', project: p }), danger: true });
    return items;
  }

  async duplicate(p: ProjectSummary): Promise<void> {
    try {
      const made = await projects.duplicate(p.id);
      this.tell('home.notice.duplicated', { name: pickName(made.summary) });
    } catch (e) {
      this.fail(e);
    }
  }

  async copyPath(p: ProjectSummary): Promise<void> {
    const path = p.dir ?? '';
    try {
      await navigator.clipboard.writeText(path);
      this.tell('home.notice.copied', { path });
    } catch {
      // The clipboard can be refused (no permission, an unfocused page): the path is shown instead.
      this.tell('home.notice.copyFailed', { path });
    }
  }

  async reveal(p: ProjectSummary): Promise<void> {
    if (!p.dir) return;
    try {
      if (!(await projects.reveal(p.dir))) this.tell('home.notice.revealUnavailable', { path: p.dir });
    } catch (e) {
      this.fail(e);
    }
  }

  /**
   * "Open folder…": the system's folder picker in the desktop app (the typed dialog when there is
   * none, or to show why the chosen folder did not open), the typed dialog in browser mode.
   */
  async openFolder(title: string): Promise<void> {
    if (projects.mode !== 'desktop') {
      this.dialog = { kind: 'open' };
      return;
    }
    let path: string | null;
    try {
      path = await projects.pickFolder(title);
    } catch {
      this.dialog = { kind: 'open' };
      return;
    }
    if (path === null) return;
    try {
      this.opened(await projects.open(path));
    } catch (e) {
      this.dialog = { kind: 'open', path, error: homeError(e) };
    }
  }

  /** After a folder opened: into the project, or (when it does not load) back on Home with the reason. */
  opened(summary: ProjectSummary): void {
    this.dialog = null;
    if (summary.problem) this.tell('home.notice.openedBroken', { name: pickName(summary) });
    else this.go(summary.id);
  }
}

/** A project's name in the interface language (a broken project is named by its folder). */
export function pickName(p: ProjectSummary): string {
  return i18n.pick(p.name) || p.id;
}

/** The window's Home state. */
export const home = new HomeUi();
