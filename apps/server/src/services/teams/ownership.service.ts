import type { HandOverBody, ProjectMember } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { AppError, conflict, forbidden, notFound } from '../../http/errors';
import { listMembersOfProject } from '../../repositories/project-members.repository';
import { moveProject } from '../../repositories/project-ownership.repository';
import { findUserById } from '../../repositories/users.repository';
import { projectAccess } from '../access/project-access';
import { assertNotThrottled, clearFailures, recordFailure, throttleKeys } from '../login-throttle.service';
import { verifyPassword } from '../password.service';
import { toMember } from './members.service';
import { assertRecentlyAuthenticated } from '../reauthentication.service';
import { usedBytes } from '../storage-usage.service';

/**
 * The owner's password, asked again: 403 `invalid_password` when wrong (counted towards the same lockout as the
 * other passwords asked again). An account without a password (made through an identity provider) must have
 * signed in within the last few minutes instead.
 */
async function assertOwnerPassword(ctx: AppContext, userId: number, sessionId: number | undefined, password: string) {
  const throttle = throttleKeys.reauth(ctx, userId);
  await assertNotThrottled(ctx, [throttle]);
  const user = await findUserById(ctx.db, userId);
  if (!user) throw notFound('User');
  if (!user.password_hash) return assertRecentlyAuthenticated(ctx, userId, sessionId);
  if (!(await verifyPassword(user.password_hash, password))) {
    await recordFailure(ctx, [throttle]);
    throw forbidden('The password is not correct', 'invalid_password');
  }
  await clearFailures(ctx, throttle);
}

/**
 * Hands the project to one of its members. In one transaction: the project and every row carrying the owner's
 * id move to the new owner, who leaves the members; the old owner stays as an editor. The new owner's quota must
 * hold the project's storage (409 `quota_exceeded`, nothing moved). Answers the project's people afterwards.
 */
export async function handOverProject(
  ctx: AppContext,
  actorId: number,
  sessionId: number | undefined,
  projectId: number,
  body: HandOverBody,
): Promise<ProjectMember[]> {
  await projectAccess(ctx, actorId, projectId, 'manage_project');
  if (body.userId === actorId) throw conflict('You own this project already', 'owner_role');
  await assertOwnerPassword(ctx, actorId, sessionId, body.password);
  const members = await listMembersOfProject(ctx.db, projectId);
  if (!members.some((m) => m.user_id === body.userId && m.role !== 'owner')) {
    throw notFound('Member', 'not_a_member');
  }
  await ctx.db.transaction().execute(async (trx) => {
    if (!(await moveProject(trx, projectId, actorId, body.userId))) {
      throw conflict('The project changed hands meanwhile', 'owner_changed');
    }
    const used = await usedBytes(ctx, body.userId, trx);
    if (used > ctx.config.storageQuotaBytes) {
      throw new AppError(
        409,
        'quota_exceeded',
        "The project's videos would not fit in the new owner's storage: they need to free some space first",
      );
    }
  });
  // Pages kept for either person now show what belonged to whom before.
  ctx.caches.videoPages.forgetUser(actorId);
  ctx.caches.videoPages.forgetUser(body.userId);
  return (await listMembersOfProject(ctx.db, projectId)).map(toMember);
}
