import type { Readable } from 'node:stream';

/** A platform's JSON answers are kilobytes; anything past this is not an answer we can use. */
export const MAX_ANSWER_BYTES = 16 * 1024 * 1024;

export class AnswerTooSlowError extends Error {
  constructor(ms: number) {
    super(`the answer did not arrive whole within ${ms} ms`);
    this.name = 'AnswerTooSlowError';
  }
}

export class AnswerTooLargeError extends Error {
  constructor() {
    super(`the answer is larger than ${MAX_ANSWER_BYTES} bytes`);
    this.name = 'AnswerTooLargeError';
  }
}

/**
 * An answer's body as text, whole within `ms` from its headers and at most MAX_ANSWER_BYTES. undici's
 * bodyTimeout is the gap between two chunks, which a byte every few seconds keeps resetting: without a total
 * deadline a trickling host would hold the call (a token refresh, a figures sync) for as long as it likes.
 */
export async function readAnswer(body: Readable, ms: number): Promise<string> {
  const chunks: Buffer[] = [];
  let size = 0;
  let timer: NodeJS.Timeout | undefined;
  const deadline = new Promise<never>((_, reject) => {
    timer = setTimeout(() => reject(new AnswerTooSlowError(ms)), ms);
  });
  const read = (async () => {
    for await (const chunk of body) {
      size += (chunk as Buffer).length;
      if (size > MAX_ANSWER_BYTES) throw new AnswerTooLargeError();
      chunks.push(chunk as Buffer);
    }
    return Buffer.concat(chunks).toString('utf8');
  })();
  try {
    return await Promise.race([read, deadline]);
  } catch (err) {
    body.destroy();
    read.catch(() => {});
    throw err;
  } finally {
    clearTimeout(timer);
  }
}
