/** Error codes of the user's projects. */
export const USER_PROJECT_ERRORS = {
  /** A write to a built-in project. */
  READ_ONLY: 'projects/read-only',
  /** The path given to open is not a project folder. */
  NOT_A_PROJECT: 'projects/not-a-project',
  /** cards.csv changed on disk since the revision the save started from. */
  CONFLICT: 'projects/conflict',
  /** A copy or new project could not be made (too large, unreadable, no room). */
  COPY_FAILED: 'projects/copy-failed',
  /** The folder could not be moved to the trash. */
  TRASH_FAILED: 'projects/trash-failed',
  /** No project has that id. */
  NOT_FOUND: 'projects/not-found',
} as const;
