import type { EmulatorContext, RouteApi } from '../../core/context';
import { json, type EmuRequest } from '../../core/http';
import { invalidParam, unsupportedRequest } from '../meta/graph-errors';
import { accessToken, readParams } from '../meta/graph-params';
import { graphRoute } from '../meta/graph-routes';
import { isFbUser } from './fb-account';
import { checkCall, FB_CALLS } from './fb-calls';

/** The permissions a person declined to an app, or removed from it later, kept per app and person. */
interface Declined {
  key: string;
  permissions: string[];
}

const declinedStore = (ctx: EmulatorContext) => ctx.store.collection<Declined>('facebook.declined');
const keyOf = (clientId: string, accountId: string) => `${clientId}:${accountId}`;

export function declinedPermissions(ctx: EmulatorContext, clientId: string, accountId: string): string[] {
  return declinedStore(ctx).get(keyOf(clientId, accountId))?.permissions ?? [];
}

/**
 * What the Login dialog asks for: the requested permissions, but not one the person declined or removed
 * before, unless the app passes `auth_type=rerequest` ("If someone has declined a permission for your app, the
 * login dialog won't let your app re-request the permission unless you pass auth_type=rerequest": Facebook
 * Login "Managing Permissions in Facebook Login for the Web", Re-asking for Declined Permissions).
 */
export function dialogPermissions(
  ctx: EmulatorContext,
  g: { clientId: string; accountId: string; requested: string[]; params: { get(name: string): string | null } },
): string[] {
  if (g.params.get('auth_type') === 'rerequest') return g.requested;
  const declined = declinedPermissions(ctx, g.clientId, g.accountId);
  return g.requested.filter((p) => !declined.includes(p));
}

/** The person approved the dialog: what it granted is no longer declined. */
export function granted(ctx: EmulatorContext, g: { clientId: string; accountId: string; scopes: string[] }) {
  const key = keyOf(g.clientId, g.accountId);
  const left = declinedPermissions(ctx, g.clientId, g.accountId).filter((p) => !g.scopes.includes(p));
  declinedStore(ctx).set(key, { key, permissions: left });
}

/**
 * `GET /me/permissions` → `{data: [{permission, status: granted|declined}]}`, and
 * `DELETE /me/permissions/<permission>` → `{success: true}`: what the person has granted the app, and the
 * removal of one permission, which from then on no token of the app carries (Facebook Login "Requesting &
 * Revoking Permissions"; Graph API reference "User permissions"). Both take the person's user token.
 */
export function registerPermissions(api: RouteApi, ctx: EmulatorContext) {
  const person = async (req: EmuRequest) => {
    const auth = checkCall(ctx, accessToken(req, await readParams(req)), FB_CALLS.permissions);
    if (auth.ok && !isFbUser(req.params.user))
      return { ok: false as const, response: unsupportedRequest(req.method, req.params.user!) };
    return auth;
  };

  graphRoute(api, 'GET', 'graph.facebook.com', '/:user/permissions', 'permissions', async (req) => {
    const auth = await person(req);
    if (!auth.ok) return auth.response;
    const declined = declinedPermissions(ctx, auth.token.clientId, auth.token.accountId);
    return json(200, {
      data: [
        ...auth.token.scopes.map((permission) => ({ permission, status: 'granted' })),
        ...declined.map((permission) => ({ permission, status: 'declined' })),
      ],
    });
  });

  graphRoute(api, 'DELETE', 'graph.facebook.com', '/:user/permissions/:permission', 'permissions', async (req) => {
    const auth = await person(req);
    if (!auth.ok) return auth.response;
    const permission = req.params.permission!;
    // public_profile is part of every login and cannot be removed on its own.
    if (permission === 'public_profile') return invalidParam('public_profile cannot be removed on its own');
    const { clientId, accountId } = auth.token;
    const key = keyOf(clientId, accountId);
    const declined = declinedPermissions(ctx, clientId, accountId);
    declinedStore(ctx).set(key, { key, permissions: [...new Set([...declined, permission])] });
    for (const [id, t] of ctx.oauth.accessTokens.entries())
      if (t.platform === 'facebook' && t.clientId === clientId && t.accountId === accountId)
        ctx.oauth.accessTokens.update(id, (x) => (x.scopes = x.scopes.filter((s) => s !== permission)));
    return json(200, { success: true });
  });
}
