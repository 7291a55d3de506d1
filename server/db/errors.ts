/**
 * True for PostgreSQL's unique_violation (23505). Drizzle wraps driver errors, so the code may
 * sit on the error itself or on its cause; both drivers use the same SQLSTATE codes.
 */
export function isUniqueViolation(error: unknown): boolean {
  for (let e: unknown = error, depth = 0; e instanceof Error && depth < 5; e = e.cause, depth++) {
    if ((e as { code?: unknown }).code === '23505') return true;
  }
  return false;
}
