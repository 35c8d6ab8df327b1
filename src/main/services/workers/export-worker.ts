/**
 * Worker-thread entry of the export pool: builds its own project store, fonts and image services
 * from the paths in `workerData`, then serves the tasks of `export-tasks.ts`. electron-vite emits
 * it as `out/main/export-worker.js`; from sources `spawn.ts` bundles it.
 */
import { workerData } from 'node:worker_threads';
import { createFontService } from '../export/fonts';
import { projectAssets } from '../project-assets';
import { ProjectStore } from '../projects';
import { UserProjectRegistry } from '../user-project-registry';
import { exportTaskHandlers } from './export-tasks';
import { serveTasks, type TaskHandlers } from './protocol';

/** What the pool gives each export worker. */
export interface ExportWorkerData {
  /** Folder of the built-in projects. */
  templatesDir: string;
  /** Folder of the user's projects (ids `u-…`, and the recent list mapping `x-…` ids to folders). */
  projectsDir?: string;
  /** Folder the app exports into (targets are chosen by the main thread, inside it). */
  exportDir: string;
}

const data = workerData as ExportWorkerData;
const assets = projectAssets();
serveTasks(
  exportTaskHandlers({
    projects: new ProjectStore(data.templatesDir, data.projectsDir ? new UserProjectRegistry(data.projectsDir) : undefined),
    fonts: createFontService(),
    assets: assets.forProject,
    dataUrl: assets.dataUrl,
  }) as unknown as TaskHandlers,
);
