import { ConfigError, loadConfig } from './config/env';
import { startServer } from './server';

async function main() {
  let config;
  try {
    config = loadConfig();
  } catch (err) {
    if (err instanceof ConfigError) {
      console.error(err.message);
      process.exit(78);
    }
    throw err;
  }

  const server = await startServer(config);
  server.ctx.log.info(
    { url: config.publicUrl, db: server.ctx.dbKind, dataDir: config.dataDir, role: config.role },
    'Fanout is up',
  );

  const shutdown = async (signal: string) => {
    server.ctx.log.info({ signal }, 'shutting down');
    const timer = setTimeout(() => process.exit(1), 10_000).unref();
    await server.close();
    clearTimeout(timer);
    process.exit(0);
  };
  process.once('SIGTERM', () => void shutdown('SIGTERM'));
  process.once('SIGINT', () => void shutdown('SIGINT'));
}

main().catch((err) => {
  console.error('Fanout failed to start:', err);
  process.exit(1);
});
