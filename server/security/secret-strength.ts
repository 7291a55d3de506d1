/**
 * Whether a value given as a secret can be one. Length alone lets through `aaaa…` and an all-zero
 * key; a deployment refuses values that are guessable whatever their length: one character or a
 * short pattern repeated, a handful of distinct characters, a placeholder copied from a guide,
 * or the same value given for two settings (docs/decisions/034).
 */

/** Words that mark a value someone meant to replace (compared without case, separators ignored). */
const PLACEHOLDERS = [
  'changeme',
  'replaceme',
  'placeholder',
  'example',
  'secret',
  'password',
  'insecure',
  'default',
  'dummy',
  'notsecure',
  'yourkey',
  'opensslrand',
  'orbitasandbox',
];

/** Fewer distinct symbols than this is a short alphabet: random hex (16 symbols) has ~15 in 32 characters. */
const MIN_DISTINCT_SYMBOLS = 8;

/**
 * The shortest period of `symbols`: the smallest p such that each symbol equals the one p before.
 * A value that is a shorter piece repeated (`abcabcabc…`) has a period of at most half its length.
 */
function shortestPeriod<T>(symbols: readonly T[]): number {
  for (let period = 1; period < symbols.length; period += 1) {
    let repeats = true;
    for (let i = period; i < symbols.length && repeats; i += 1) repeats = symbols[i] === symbols[i - period];
    if (repeats) return period;
  }
  return symbols.length;
}

/** Why `symbols` (a secret's characters, or a key's bytes) cannot be secret, or undefined. */
function patternProblem<T>(symbols: readonly T[], symbol: 'character' | 'byte'): string | undefined {
  const distinct = new Set(symbols).size;
  if (distinct === 1) return `is one ${symbol} repeated`;
  if (shortestPeriod(symbols) <= symbols.length / 2) return 'is a short pattern repeated';
  if (distinct < MIN_DISTINCT_SYMBOLS) return `uses only ${distinct} different ${symbol}s`;
  return undefined;
}

/** Why this text secret cannot be secret (a sentence to follow the setting's name), or undefined. */
export function weakSecretProblem(value: string): string | undefined {
  const folded = value.toLowerCase().replace(/[^a-z0-9]/g, '');
  const placeholder = PLACEHOLDERS.find((word) => folded.includes(word));
  if (placeholder) return `looks like a placeholder ("${placeholder}"), not a secret`;
  return patternProblem([...value], 'character');
}

/** Why this key's bytes cannot be secret, or undefined: an all-zero or patterned key is no key. */
export function weakKeyProblem(key: Uint8Array): string | undefined {
  return patternProblem([...key], 'byte');
}

/** The pairs of settings given the same value, each named: one secret must not open another's door. */
export function sharedSecretProblems(values: Record<string, string | undefined>): string[] {
  const seen = new Map<string, string>();
  const problems: string[] = [];
  for (const [name, value] of Object.entries(values)) {
    if (value === undefined) continue;
    const earlier = seen.get(value);
    if (earlier) problems.push(`${name}: must differ from ${earlier} (each secret its own random value)`);
    else seen.set(value, name);
  }
  return problems;
}
