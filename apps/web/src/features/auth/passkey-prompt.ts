/**
 * The browser's prompt was closed or timed out (NotAllowedError), or the ceremony was cancelled,
 * e.g. because another one started (AbortError). Neither is a failure worth an error message.
 */
export function isPasskeyPromptCancelled(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
