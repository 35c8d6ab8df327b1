/** The balance lab: runs of bots playing a project's game, their results, exports and saved runs. */
import type { LabStartArg, LabStatus } from '../../lab/run';
import type { LabOptionsSaid } from '../../lab/words';
import type { SavedLabRun, SavedLabRunInfo } from '../../lab/saved';

/** The lab channels: `domain:verb` names by key. */
export const LAB_CHANNELS = {
  /** Start a balance-lab run of a project's game (bots on worker threads); returns its id. */
  LAB_START: 'lab:start',
  /** A balance-lab run's progress and results so far (answered at once while it runs). */
  LAB_STATUS: 'lab:status',
  /** Stop a balance-lab run (the games played stay in its results). */
  LAB_CANCEL: 'lab:cancel',
  /** Write an ended balance-lab run as a PDF report, CSV of its aggregates or JSONL of its games into the export folder. */
  LAB_EXPORT: 'lab:export',
  /** A project's saved balance-lab runs, newest first (damaged or newer-format files listed with their problem). */
  LAB_RUNS_LIST: 'lab:runs-list',
  /** One saved balance-lab run: its settings and its results as they were when it ended. */
  LAB_RUNS_OPEN: 'lab:runs-open',
  /** Give a saved balance-lab run a name; an empty name removes it. */
  LAB_RUNS_RENAME: 'lab:runs-rename',
  /** Delete a saved balance-lab run. */
  LAB_RUNS_DELETE: 'lab:runs-delete',
} as const;

/** `lab:export`: an ended run to write as a file in the export folder. */
export interface LabExportArg {
  runId: string;
  /** The project of a saved run (exported from its saved results when the run is no longer in memory). */
  projectId?: string;
  kind: 'pdf' | 'csv' | 'jsonl';
  /** The report's language (PDF). */
  lang: 'zh' | 'en';
  /** Also answer the file's bytes (base64), for a download in browser mode. */
  download?: boolean;
  /** The rule options' names and value words in `lang`, as the page says them (PDF settings). */
  said?: LabOptionsSaid;
}

/** A written lab export. */
export interface LabExportResult {
  path: string;
  fileName: string;
  bytes: number;
  mime: string;
  /** The file's bytes, base64, when `download` was asked. */
  data?: string;
}

/** The arguments and results of the lab channels. */
export interface LabInvokeMap {
  [LAB_CHANNELS.LAB_START]: (arg: LabStartArg) => { runId: string };
  [LAB_CHANNELS.LAB_STATUS]: (arg: { runId: string }) => LabStatus;
  [LAB_CHANNELS.LAB_CANCEL]: (arg: { runId: string }) => { cancelled: boolean };
  [LAB_CHANNELS.LAB_EXPORT]: (arg: LabExportArg) => LabExportResult;
  [LAB_CHANNELS.LAB_RUNS_LIST]: (arg: { projectId: string }) => { runs: SavedLabRunInfo[]; more: number };
  [LAB_CHANNELS.LAB_RUNS_OPEN]: (arg: { projectId: string; id: string }) => SavedLabRun;
  [LAB_CHANNELS.LAB_RUNS_RENAME]: (arg: { projectId: string; id: string; name: string }) => SavedLabRunInfo;
  [LAB_CHANNELS.LAB_RUNS_DELETE]: (arg: { projectId: string; id: string }) => { id: string };
}
