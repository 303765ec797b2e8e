import { ApiError } from '../../../lib/api';

/** A refused upload's problems where the form shows them: the name's at its input, the file's listed under it. */
export interface UploadProblems {
  name?: string;
  file: string[];
}

const isName = (field: string | undefined) => field === 'name';

/**
 * The form's problems from a refused upload: every issue the API named (a file's problems come
 * each with its field, 'geojson.features.3.properties.name', and a sentence naming the feature),
 * or its one message. null when the refusal is not about what was typed or chosen (no connection,
 * a viewer's role, the server's own failure): the caller says that as a notice.
 */
export function uploadProblems(error: unknown): UploadProblems | null {
  if (!(error instanceof ApiError) || error.code !== 'validation_failed') return null;
  const issues = error.issues.length > 0 ? error.issues : [{ field: error.field, message: error.message }];
  const problems: UploadProblems = { file: [] };
  for (const issue of issues) {
    if (isName(issue.field)) problems.name ??= issue.message;
    else problems.file.push(issue.message);
  }
  return problems;
}
