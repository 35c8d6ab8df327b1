import { createFontService, type FontService } from './export/fonts';
import type { AssetService } from './export/assets';
import { ProjectStore } from './projects';
import { PrintService } from './print';
import { exportDir, labRunsDir, projectsDir, savesDir, templatesDir } from './paths';
import { UserProjectRegistry } from './user-project-registry';
import { ProjectEditor } from './user-projects';
import { projectAssets } from './project-assets';
import { createExportPool, type ExportPool } from './workers/export-pool';
import type { PoolOptions } from './workers/pool';
import { MatchStore } from './matches';
import { LabRunStore, LabService } from './lab';
import { ProjectWatcher } from './watch';
import { TemplateService } from './templates';
import { TableSetupService } from './table-setup';
import { RulebookSources } from './rulebook-sources';
import { LanService } from './lan/service';
import type { AppInfo } from '../../shared/ipc/contract';
import { FONT_FACES } from '../../shared/cards/fonts';

/** The Node services behind the IPC contract, shared by the Electron app, the web host and the CLI. */
export interface Services {
  info(): AppInfo;
  projects: ProjectStore;
  /** Create, copy, open, rename, duplicate, trash and save the user's projects. */
  editor: ProjectEditor;
  /** The template editor's reads and writes (save, add, duplicate, rename, delete; metrics and images). */
  templates: TemplateService;
  /** A project's sandbox table set-up (`table.json`). */
  tableSetups: TableSetupService;
  /** The Rules page's reads and writes of a project's Markdown rules. */
  rulebookSources: RulebookSources;
  /** The user's projects folder (FUQI_PROJECTS_DIR, else ~/Documents/Fuqi Workshop/projects). */
  projectsDir: string;
  fonts: FontService;
  /** Images of one project folder (icons, project files), cached per folder. */
  assets: { dataUrl(ref: string, projectDir: string): Promise<string | undefined>; forProject(dir: string): AssetService };
  print: PrintService;
  /** Worker threads for layout, preflight and export (started on demand). */
  workers: ExportPool;
  /** Balance-lab runs (bot games on worker threads, polled by the Balance page). */
  lab: LabService;
  /** Saved matches (the table's save / load). */
  matches: MatchStore;
  /** Project folders watched for changes on disk (`projects:changes`); writers announce their own writes to it. */
  watcher: ProjectWatcher;
  /** Inviting devices to a table on the local network (the LAN server, only while on). */
  lan: LanService;
  exportDir: string;
  savesDir: string;
}

const VERSION = '0.1.0';

/**
 * Build the services. `mode` only changes what `app:info` reports; `trashItem` (Electron's
 * shell.trashItem) sends trashed projects to the system trash instead of `<projects>/.trash`.
 */
export function createServices(opts: {
  mode: 'desktop' | 'browser' | 'cli';
  exportDir?: string;
  savesDir?: string;
  /** Saved balance-lab runs (default: `balance-runs` beside the saves folder). */
  labRunsDir?: string;
  templatesDir?: string;
  projectsDir?: string;
  trashItem?: (path: string) => Promise<void>;
  /** Options of the worker pool (its size, budgets, a listener for measurements). */
  workers?: Omit<PoolOptions, 'entry' | 'workerData'>;
  /** The built renderer (out/renderer): the LAN server serves its join page. */
  rendererDir?: string;
}): Services {
  const templates = opts.templatesDir ?? templatesDir();
  const userDir = opts.projectsDir ?? projectsDir();
  const projects = new ProjectStore(templates, new UserProjectRegistry(userDir));
  const watcher = new ProjectWatcher();
  // The editor's own saves are announced, so polling pages are not told their edit "changed on disk".
  const editor = new ProjectEditor(projects, projects.user!, opts.trashItem, (id, rel, revision) => watcher.recordRevision(id, rel, revision));
  const fonts = createFontService();
  const assets = projectAssets();
  const dir = opts.exportDir ?? exportDir();
  const workers = createExportPool({ templatesDir: templates, projectsDir: userDir, exportDir: dir }, opts.workers);
  const print = new PrintService({ projects, fonts, assets: assets.forProject, exportDir: dir, pool: workers });
  const saves = opts.savesDir ?? savesDir(dir);
  return {
    info: () => ({
      name: 'Fuqi Workshop 福器工坊',
      version: VERSION,
      mode: opts.mode === 'desktop' ? 'desktop' : 'browser',
      credits: [
        ...Object.values(FONT_FACES)
          .filter((f, i, all) => all.findIndex((g) => g.family === f.family) === i)
          .map((f) => ({ what: `${f.family} font`, who: f.family === 'Ma Shan Zheng' ? 'Ma ShanZheng (Google Fonts, via @fontsource)' : f.family === 'Noto Sans' ? 'Google (via @fontsource)' : 'Google / Adobe (via @fontsource)', licence: f.licence })),
        { what: 'Fluent Emoji (flat) illustrations', who: 'Microsoft (via @iconify-json/fluent-emoji-flat)', licence: 'MIT' },
      ],
    }),
    projects,
    editor,
    tableSetups: new TableSetupService(projects, editor, (id, rel, text) => watcher.recordWrite(id, rel, text)),
    rulebookSources: new RulebookSources(projects, editor, (id, rel, text) => watcher.recordWrite(id, rel, text)),
    templates: new TemplateService(projects, editor, fonts.measurer, assets.dataUrl, (id, rel, text) => watcher.recordWrite(id, rel, text), (ref, dir) => assets.forProject(dir).inspect(ref)),
    projectsDir: userDir,
    fonts,
    assets,
    print,
    workers,
    lab: new LabService(projects, undefined, undefined, new LabRunStore(opts.labRunsDir ?? labRunsDir(saves))),
    matches: new MatchStore(saves),
    watcher,
    lan: new LanService({ rendererDir: opts.rendererDir ?? null }),
    exportDir: dir,
    savesDir: saves,
  };
}
