/** A problem with one field, as zod reports it (path) or as the API sends it (field). */
export interface FieldIssue {
  path?: readonly PropertyKey[];
  field?: string;
  message: string;
}

// The API names an item of a list as 'field.index' ('delivery_recipients.1'): the field is the list.
const fieldOf = (issue: FieldIssue): PropertyKey | undefined => (issue.field !== undefined ? issue.field.split('.')[0] : issue.path?.[0]);

/**
 * The first message per field the form knows, from zod issues or the API's `issues`. `keyOf` is
 * for a form whose inputs are finer than the fields (one per item of an object).
 */
export function firstErrorByField<F extends string>(
  issues: readonly FieldIssue[],
  isField: (key: PropertyKey | undefined) => key is F,
  keyOf: (issue: FieldIssue) => PropertyKey | undefined = fieldOf,
): Partial<Record<F, string>> {
  const errors: Partial<Record<F, string>> = {};
  for (const issue of issues) {
    const key = keyOf(issue);
    if (isField(key) && !errors[key]) errors[key] = issue.message;
  }
  return errors;
}
