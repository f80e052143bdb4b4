/**
 * Random hex digits for names that must differ, not stay secret (an output's delimiter, a
 * results file's name): Math.random, so that a run needing nothing else never loads
 * `node:crypto` (src/digest.ts says what that costs).
 */
export function randomHex(digits: number): string {
  let hex = '';
  // 32 bits a draw: Math.random gives at least that many, and they fit toString exactly.
  while (hex.length < digits) {
    hex += Math.floor(Math.random() * 2 ** 32)
      .toString(16)
      .padStart(8, '0');
  }
  return hex.slice(0, digits);
}
