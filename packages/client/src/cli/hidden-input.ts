/** What typing one chunk of keys into a hidden prompt leaves: the text so far, and whether it ended. */
export interface HiddenTyping {
  text: string;
  ended: 'enter' | 'cancel' | 'eof' | null;
}

/**
 * Applies keys read in raw mode to a hidden prompt: printable characters are kept, Backspace/Delete takes one
 * back, Enter ends it, Ctrl-C cancels it, Ctrl-D on an empty line ends the input. Nothing is echoed.
 */
export function typeHidden(before: string, chunk: string): HiddenTyping {
  let text = before;
  for (const key of chunk) {
    if (key === '\r' || key === '\n') return { text, ended: 'enter' };
    if (key === '\u0003') return { text, ended: 'cancel' };
    if (key === '\u0004') {
      if (text === '') return { text, ended: 'eof' };
      continue;
    }
    if (key === '\u007f' || key === '\b') text = [...text].slice(0, -1).join('');
    else if (key >= ' ') text += key;
  }
  return { text, ended: null };
}

type TerminalIn = NodeJS.ReadableStream & { isTTY?: boolean; setRawMode?: (raw: boolean) => unknown };

/**
 * Asks a question on a terminal and reads the answer without showing it (a personal API token typed at
 * `fanout login` never appears on the screen or in the terminal's scrollback). Ctrl-C rejects with an error
 * whose code is 'cancelled'.
 */
export function askHidden(
  input: TerminalIn,
  output: NodeJS.WritableStream,
  question: string,
): Promise<string | undefined> {
  output.write(question);
  input.setRawMode?.(true);
  input.resume();
  return new Promise((resolve, reject) => {
    let text = '';
    const finish = () => {
      input.removeListener('data', onData);
      input.setRawMode?.(false);
      input.pause();
      output.write('\n');
    };
    const onData = (chunk: Buffer | string) => {
      const typed = typeHidden(text, chunk.toString());
      text = typed.text;
      if (!typed.ended) return;
      finish();
      if (typed.ended === 'cancel') reject(Object.assign(new Error('Cancelled'), { code: 'cancelled' }));
      else resolve(typed.ended === 'eof' ? undefined : text);
    };
    input.on('data', onData);
  });
}
