import { sql, type RawBuilder } from 'kysely';

/** Case-insensitive "contains" on a column, with LIKE wildcards in the search text taken literally. */
export const containsIgnoreCase = (column: string, text: string): RawBuilder<boolean> => {
  const pattern = `%${text.toLowerCase().replace(/[\\%_]/g, (c) => `\\${c}`)}%`;
  return sql<boolean>`lower(${sql.ref(column)}) like ${pattern} escape '\\'`;
};
