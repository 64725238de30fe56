/** A cancelled or timed-out browser passkey prompt: the person said no, nothing failed. */
export function isPasskeyPromptDismissed(error: unknown): boolean {
  return error instanceof Error && (error.name === 'NotAllowedError' || error.name === 'AbortError');
}
