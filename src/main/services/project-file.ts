/** A project folder's project.json as a plain object, migrated to the current format (for code that changes a field and writes it back). */
import { join } from 'node:path';
import { ProjectFileError } from '../../shared/cards/limits';
import { migrate } from '../../shared/cards/migrations';
import { jsonTextTooDeep, tooDeepMessage } from '../../shared/util/json-depth';
import { err, type Result } from '../../shared/util/result';
import { readProjectText } from './safe-read';
import { USER_PROJECT_ERRORS } from './user-project-errors';

/** Read and migrate a project folder's project.json as a plain object (to change a field and write it back). */
export function rawProjectFile(dir: string): Result<Record<string, unknown>> {
  let text: string | undefined;
  try {
    text = readProjectText(dir, 'project.json');
  } catch (e) {
    if (e instanceof ProjectFileError) return err('cards/invalid', `project.json: ${e.message}`);
    throw e;
  }
  if (text === undefined) return err(USER_PROJECT_ERRORS.NOT_A_PROJECT, `${join(dir, 'project.json')} is missing; a project folder needs a project.json.`);
  const deep = jsonTextTooDeep(text);
  if (deep !== undefined) {
    const m = tooDeepMessage(`${join(dir, 'project.json')}`, `character ${deep}`);
    return err('cards/invalid', m.en, { zh: m.zh });
  }
  let raw: unknown;
  try {
    raw = JSON.parse(text);
  } catch (e) {
    return err('cards/invalid', `${join(dir, 'project.json')} is not valid JSON (${(e as Error).message}); fix it before changing the project.`);
  }
  return migrate(raw, join(dir, 'project.json'));
}
