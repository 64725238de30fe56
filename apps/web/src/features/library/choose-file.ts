/** Asks for the file of an unfinished upload, with a file input of its own (the browser's file chooser). */
export function chooseFileFor(
  item: { id: string; mimeType: string },
  fileName: string,
  onChosen: (file: File) => void,
) {
  document.querySelectorAll('input[data-resume-upload]').forEach((input) => input.remove());
  const input = document.createElement('input');
  input.type = 'file';
  input.accept = item.mimeType || 'video/*';
  input.className = 'sr-only';
  input.tabIndex = -1;
  input.dataset.resumeUpload = item.id;
  input.setAttribute('aria-label', `File to resume ${fileName}`);
  input.addEventListener('change', () => {
    const file = input.files?.[0];
    input.remove();
    if (file) onChosen(file);
  });
  input.addEventListener('cancel', () => input.remove());
  document.body.append(input);
  input.click();
}
