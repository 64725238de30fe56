/** How a stopped check fails, as fetch does when aborted. */
export function abortError(): DOMException {
  return new DOMException('The check was stopped', 'AbortError');
}
