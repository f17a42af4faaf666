import { buildApp } from './app';
import { loadConfigOrExit } from './config';
import { describeStorage, getMediaTools } from './media';
import { seedDemoCatalogue } from './seed/demo/seed';

/** Entry point: read config, build, listen, and close cleanly on SIGINT/SIGTERM. */
async function main() {
  const config = loadConfigOrExit();
  const { app, ctx } = await buildApp(config);
  let closing = false;
  const close = async (signal: string) => {
    if (closing) return;
    closing = true;
    // /api/ready answers 503 at once, so a load balancer stops sending new requests; requests under way are
    // answered, idle connections closed, and inline jobs still running stay queued for the next start.
    app.log.info({ signal }, 'shutting down: draining requests');
    ctx.health.drain();
    const timer = setTimeout(() => process.exit(1), 10_000 + config.shutdownGraceMs);
    timer.unref();
    await new Promise((r) => setTimeout(r, config.shutdownGraceMs));
    await app.close();
    process.exit(0);
  };
  process.once('SIGINT', () => void close('SIGINT'));
  process.once('SIGTERM', () => void close('SIGTERM'));
  await app.listen({ port: config.port, host: config.host });
  const tools = getMediaTools();
  app.log.info(
    {
      db: config.database.kind,
      dataDir: config.dataDir,
      tracks: ctx.catalogue.indexSize,
      ffmpeg: `${tools.ffmpeg} (${tools.ffmpegSource})`,
      storage: describeStorage(ctx.storage),
      jobs: ctx.jobs.mode,
    },
    `Sori is listening on http://localhost:${config.port}`,
  );
  if (config.seedDemo) {
    // In the background: the app answers at once and demo tracks appear as each one is ingested.
    seedDemoCatalogue(ctx, app.log).catch((err: unknown) => app.log.error({ err }, 'demo catalogue seeding failed'));
  }
}

main().catch((err: unknown) => {
  console.error(err);
  process.exit(1);
});
