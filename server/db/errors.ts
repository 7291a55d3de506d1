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

const UUID = /^[0-9a-f]{8}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{4}-[0-9a-f]{12}$/i;

/** Ids reach SQL only when well-formed; PostgreSQL would answer a malformed uuid with an error. */
export const isUuid = (value: string) => UUID.test(value);
