import { PassThrough } from 'node:stream';
import { describe, expect, it } from 'vitest';
import { askHidden, typeHidden } from '../src/cli/hidden-input';

/** A terminal as `fanout login` meets it: raw mode switched on while the token is typed, and off after. */
function terminal() {
  const input = Object.assign(new PassThrough(), { isTTY: true, raw: [] as boolean[] });
  Object.assign(input, { setRawMode: (raw: boolean) => input.raw.push(raw) });
  const output = new PassThrough();
  let shown = '';
  output.on('data', (chunk) => (shown += chunk.toString()));
  return { input, output, shown: () => shown };
}

describe('the hidden token prompt of fanout login', () => {
  it('keeps what is typed, takes back a character on Backspace and ends on Enter', () => {
    expect(typeHidden('', 'fo_ab')).toEqual({ text: 'fo_ab', ended: null });
    expect(typeHidden('fo_ab', 'x\u007fc\r')).toEqual({ text: 'fo_abc', ended: 'enter' });
    expect(typeHidden('abc', '\u0003')).toEqual({ text: 'abc', ended: 'cancel' });
    expect(typeHidden('', '\u0004')).toEqual({ text: '', ended: 'eof' });
  });

  it('never shows the token on the terminal, and leaves raw mode when done', async () => {
    const t = terminal();
    const answer = askHidden(t.input as never, t.output, 'Token: ');
    t.input.write('fo_secret');
    t.input.write('123\r');
    await expect(answer).resolves.toBe('fo_secret123');
    expect(t.shown()).toBe('Token: \n');
    expect(t.input.raw).toEqual([true, false]);
  });

  it('is cancelled by Ctrl-C, without answering what was typed so far', async () => {
    const t = terminal();
    const answer = askHidden(t.input as never, t.output, 'Token: ');
    t.input.write('fo_sec\u0003');
    await expect(answer).rejects.toMatchObject({ code: 'cancelled' });
    expect(t.shown()).not.toContain('fo_sec');
    expect(t.input.raw).toEqual([true, false]);
  });
});
