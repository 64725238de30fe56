import { ConfigError, loadConfig } from './config/env';
import { startProcess } from './server';

async function main() {
  const config = loadConfig();
  const running = await startProcess(config);
  const { log } = running.ctx;
  for (const line of config.deprecations) log.warn(line);
  if (running.api) {
    log.info(
      { url: config.publicUrl, db: running.ctx.dbKind, dataDir: config.dataDir, role: config.role },
      'Fanout is up',
    );
  } else {
    log.info({ db: running.ctx.dbKind, dataDir: config.dataDir, role: config.role }, 'Fanout worker is up (no HTTP)');
  }

  const shutdown = async (signal: string) => {
    log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await running.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  // A configuration the server cannot run with (EX_CONFIG): the message names the variable to fix.
  if (err instanceof ConfigError) {
    console.error(err.message);
    process.exit(78);
  }
  console.error('Fanout failed to start:', err);
  process.exit(1);
});
