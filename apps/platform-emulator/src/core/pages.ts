import { escapeHtml, html, type EmuResponse } from './http';

/** Plain, self-contained pages (no scripts): the authorize screen and post pages. */
function page(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1">
<title>${escapeHtml(title)}</title>
<style>body{font-family:system-ui,sans-serif;background:#f4f4f5;color:#18181b;margin:0;padding:2rem}
main{max-width:34rem;margin:auto;background:#fff;border-radius:1rem;padding:2rem;box-shadow:0 1px 3px #0002}
h1{font-size:1.3rem;margin-top:0}.badge{display:inline-block;background:#fef3c7;color:#78350f;border-radius:999px;padding:.1rem .6rem;font-size:.8rem}
ul{padding-left:1.2rem}button{font-size:1rem;padding:.6rem 1.4rem;border-radius:.5rem;border:1px solid #a1a1aa;margin-right:.5rem;cursor:pointer}
button.primary{background:#1d4ed8;color:#fff;border-color:#1d4ed8}video{max-width:100%}</style></head>
<body><main>${body}</main></body></html>`;
}

export interface AuthorizePageInput {
  platformName: string;
  appName: string;
  accountName: string;
  /** The sandbox accounts to choose from (the `account` field), when the platform has several. */
  accounts?: { id: string; name: string }[];
  /** The account chosen to start with. */
  accountId?: string;
  scopes: string[];
  /** Where the form posts the decision (the authorize path itself). */
  action: string;
  /** Hidden fields that carry the request (client_id, redirect_uri, state, …) to the decision. */
  fields: Record<string, string>;
}

/** "<App> wants to access your <Platform> account" with the scopes, and buttons Approve and Deny. */
export function authorizePage(p: AuthorizePageInput): EmuResponse {
  const hidden = Object.entries(p.fields)
    .map(([k, v]) => `<input type="hidden" name="${escapeHtml(k)}" value="${escapeHtml(v)}">`)
    .join('');
  const scopes = p.scopes.map((s) => `<li><code>${escapeHtml(s)}</code></li>`).join('');
  const choice =
    p.accounts && p.accounts.length > 1
      ? `<fieldset><legend>Continue as</legend>${p.accounts
          .map(
            (a) =>
              `<label><input type="radio" name="account" value="${escapeHtml(a.id)}"${a.id === p.accountId ? ' checked' : ''}> ${escapeHtml(a.name)}</label><br>`,
          )
          .join('')}</fieldset>`
      : '';
  return html(
    200,
    page(
      `${p.platformName}: authorize ${p.appName}`,
      `<p><span class="badge">Sandbox</span> ${escapeHtml(p.platformName)} (emulated)</p>
<h1>${escapeHtml(p.appName)} wants to access your ${escapeHtml(p.platformName)} account</h1>
<p>Signed in as <strong>${escapeHtml(p.accountName)}</strong>.</p>
<p>It asks for:</p><ul>${scopes || '<li>no scopes</li>'}</ul>
<form method="post" action="${escapeHtml(p.action)}">${hidden}${choice}
<button class="primary" type="submit" name="decision" value="approve">Approve</button>
<button type="submit" name="decision" value="deny">Deny</button></form>`,
    ),
  );
}

export function errorPage(status: number, title: string, message: string): EmuResponse {
  return html(status, page(title, `<h1>${escapeHtml(title)}</h1><p>${escapeHtml(message)}</p>`));
}

/** A post's public page: its text, who posted it and, when the bytes are here, a player. */
export function postPage(p: {
  platformName: string;
  accountName: string;
  text: string;
  mediaUrl?: string;
}): EmuResponse {
  return html(
    200,
    page(
      `${p.platformName}: ${p.text.slice(0, 60)}`,
      `<p><span class="badge">Sandbox</span> ${escapeHtml(p.platformName)} (emulated)</p>
<h1>${escapeHtml(p.accountName)}</h1><p>${escapeHtml(p.text)}</p>
${p.mediaUrl ? `<video controls src="${escapeHtml(p.mediaUrl)}"></video>` : ''}`,
    ),
  );
}
