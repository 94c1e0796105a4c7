import { sql, type SelectQueryBuilder } from 'kysely';

/** Which rows of a list to read: `offset` rows skipped, at most `limit` returned. */
export interface PageRequest {
  offset: number;
  limit: number;
}

export interface PageOf<R> {
  total: number;
  rows: R[];
}

/**
 * Counts the rows a filtered query matches and reads one page of them. The page's order and
 * columns are chosen on the same filtered query, so the count and the rows always agree.
 */
export const readPage = async <DB, TB extends keyof DB, R>(
  filtered: SelectQueryBuilder<DB, TB, object>,
  page: PageRequest,
  pick: (q: SelectQueryBuilder<DB, TB, object>) => SelectQueryBuilder<DB, TB, R>,
): Promise<PageOf<R>> => {
  // The selection is exactly { total }: Kysely cannot follow it through the generic builder.
  const [counted, rows] = await Promise.all([
    filtered
      .select(sql<string | number>`count(*)`.as('total'))
      .$castTo<{ total: string | number }>()
      .executeTakeFirst(),
    pick(filtered).offset(page.offset).limit(page.limit).execute(),
  ]);
  return { total: Number(counted?.total ?? 0), rows };
};
