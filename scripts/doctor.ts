/**
 * `npm run doctor`: checks the live platform setup of this environment (the same variables the server reads)
 * without posting anything, and exits 1 when a live platform refuses its credentials (78 on a bad setting).
 */
import { ConfigError, loadConfig } from '../apps/server/src/config/env';
import { runDoctor } from '../apps/server/src/doctor/doctor';
import { formatDoctorReport } from '../apps/server/src/doctor/doctor-report';

try {
  const report = await runDoctor({ config: loadConfig(process.env) });
  process.stdout.write(formatDoctorReport(report));
  process.exitCode = report.exitCode;
} catch (err) {
  if (!(err instanceof ConfigError)) throw err;
  process.stderr.write(`${err.message}\n`);
  process.exitCode = 78;
}
