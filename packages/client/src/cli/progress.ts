import type { Ctx } from './context';

const mib = (bytes: number) => (bytes / 1024 / 1024).toFixed(1);

/**
 * An upload's progress on stderr: a bar redrawn in place on a terminal, otherwise a plain line per step of
 * 10% (and per chunk sent, so a log shows the upload moving however large the file).
 */
export function progressReporter(ctx: Ctx, name: string) {
  let lastLine = -1;
  return {
    update(sent: number, total: number) {
      const percent = total ? Math.floor((sent / total) * 100) : 100;
      if (ctx.stderr.isTTY) {
        const width = Math.max(10, Math.min(40, (ctx.stderr.columns ?? 80) - name.length - 30));
        const filled = Math.round((percent / 100) * width);
        ctx.stderr.write(
          `\r${name} [${'#'.repeat(filled)}${'-'.repeat(width - filled)}] ${percent}% ${mib(sent)}/${mib(total)} MiB`,
        );
        return;
      }
      if (sent === lastLine) return;
      lastLine = sent;
      ctx.stderr.write(`${name}: ${sent} of ${total} bytes (${percent}%)\n`);
    },
    end() {
      if (ctx.stderr.isTTY) ctx.stderr.write('\n');
    },
  };
}
