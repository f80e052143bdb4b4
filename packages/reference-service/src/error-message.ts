/** The message of a caught value, for an error body or a failed audit: `Error#message`, else the value as text. */
export function errorMessage(error: unknown): string {
  return error instanceof Error ? error.message : String(error);
}
