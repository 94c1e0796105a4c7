/** Whether a database error is a unique constraint refusing a row (PostgreSQL 23505, SQLite's constraint codes). */
export const isUniqueViolation = (err: unknown): boolean => {
  if (typeof err !== 'object' || err === null || !('code' in err)) return false;
  const code = String(err.code);
  return code === '23505' || code === 'SQLITE_CONSTRAINT_UNIQUE' || code === 'SQLITE_CONSTRAINT_PRIMARYKEY';
};
