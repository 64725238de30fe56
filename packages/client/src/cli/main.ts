import { run } from './run';

/** The `fanout` command: Ctrl-C stops the command cleanly (an upload stays resumable), a second one exits at once. */
const controller = new AbortController();
process.once('SIGINT', () => {
  controller.abort();
  process.once('SIGINT', () => process.exit(130));
});
const code = await run(process.argv.slice(2), {
  env: process.env,
  stdin: process.stdin,
  stdout: process.stdout,
  stderr: process.stderr,
  signal: controller.signal,
});
process.exitCode = code;
// stdin may still be open (login reads it); nothing else is left to do.
process.stdin.destroy();
