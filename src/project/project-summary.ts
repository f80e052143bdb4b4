/**
 * A project found, as a door lists it (the Action's `projects` output, the command's dry run):
 * for a matrix of one job per project. Its own file, so the reports that carry it need none of
 * the search.
 */
export interface ProjectSummary {
  /** The project name, and for a project below the working directory, `/` and its folder. */
  name: string;
  /** Its folder relative to the workspace, `.` for the workspace itself. */
  path: string;
  frameworks: string[];
}
