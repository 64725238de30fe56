import type { DoctorPlatform, DoctorReport } from './doctor';

const OUTCOME = { accepted: 'accepted', refused: 'REFUSED', unknown: 'not confirmed' } as const;

function modeLine(p: DoctorPlatform): string {
  const [id, secret] = p.variables;
  const old = p.deprecatedVariables ? ', deprecated names' : '';
  if (p.mode === 'live') return `${p.label}: live (${id}, ${secret}${old})`;
  const golive = `set ${id} and ${secret} to go live`;
  return p.mode === 'sandbox'
    ? `${p.label}: sandbox (${golive})`
    : `${p.label}: not offered (no credentials and SANDBOX_PLATFORMS=false; ${golive})`;
}

/** The report as people read it in a terminal: one block per platform, then what needs doing. */
export function formatDoctorReport(report: DoctorReport): string {
  const lines = [`Fanout doctor: the live setup for PUBLIC_URL ${report.publicUrl} (nothing is posted)`];
  if (['localhost', '127.0.0.1', '[::1]'].includes(new URL(report.publicUrl).hostname))
    lines.push(
      '  PUBLIC_URL is a loopback address: only a browser on this machine can come back to these redirect URIs',
    );
  for (const p of report.platforms) {
    lines.push('', modeLine(p), `  redirect URI to register: ${p.redirectUri}`);
    if (p.stage) lines.push(`  stage: ${p.stage.setting}: ${p.stage.meaning}`);
    if (p.check) lines.push(`  credentials ${OUTCOME[p.check.outcome]}: ${p.check.detail}`);
  }
  if (report.deprecations.length) lines.push('', 'Deprecated settings:', ...report.deprecations.map((d) => `  ${d}`));
  const refused = report.platforms.filter((p) => p.check?.outcome === 'refused').map((p) => p.label);
  const unsure = report.platforms.filter((p) => p.check?.outcome === 'unknown').map((p) => p.label);
  lines.push('');
  if (refused.length) lines.push(`Refused credentials: ${refused.join(', ')} (check the id and secret of each app)`);
  if (unsure.length) lines.push(`Not confirmed (no clear answer): ${unsure.join(', ')}`);
  if (!refused.length && !unsure.length) lines.push('Every live platform accepted its credentials.');
  lines.push('How to get each app approved: docs/going-live.md');
  return lines.join('\n') + '\n';
}
