/** Filling an application template's script: {{name}} placeholders take the form's values. */

const PLACEHOLDER = /\{\{\s*([A-Za-z_][\w.-]*)\s*\}\}/g;

export type PlaceholderValues = Record<string, string | number | null | undefined>;

const isSet = (v: PlaceholderValues[string]): v is string | number => v !== undefined && v !== null && String(v) !== '';

/** Replaces every placeholder that has a value; the others stay as they are, for the user to see. */
export const fillTemplate = (script: string, values: PlaceholderValues): string =>
  script.replace(PLACEHOLDER, (whole, key: string) => {
    const v = values[key];
    return isSet(v) ? String(v) : whole;
  });

/** The placeholders a script still holds, each once, in order of appearance. */
export const placeholdersOf = (script: string): string[] => [
  ...new Set([...script.matchAll(PLACEHOLDER)].map((m) => m[1] ?? '')),
];
