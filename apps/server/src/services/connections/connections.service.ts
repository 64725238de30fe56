import type { Connection, PlatformAvailability, PlatformKey } from '@fanout/contracts';
import type { AppContext } from '../../context';
import { notFound } from '../../http/errors';
import {
  deleteConnectionOfUser,
  findConnection,
  listConnectionsOfProject,
} from '../../repositories/connections.repository';
import { getOwnProject } from '../projects.service';
import { toConnection } from './connection-status';

/** The connections of one of the user's projects, with their health. */
export async function listConnections(ctx: AppContext, userId: number, projectId: number): Promise<Connection[]> {
  await getOwnProject(ctx, userId, projectId);
  const now = Date.now();
  return (await listConnectionsOfProject(ctx.db, projectId)).map((row) => toConnection(row, now));
}

/** Platforms a post of this project can go to now: every connection but those that need reconnecting. */
export async function connectedPlatforms(ctx: AppContext, userId: number, projectId: number): Promise<PlatformKey[]> {
  const connections = await listConnections(ctx, userId, projectId);
  return connections.filter((c) => c.status !== 'needs_reconnect').map((c) => c.platform);
}

/**
 * A filter's account: a connection of the project (whose ownership the caller checked). Any other id, another
 * user's included, is answered as unknown, so a filter tells nothing of accounts outside the project.
 */
export async function checkProjectConnection(ctx: AppContext, projectId: number, connectionId: number): Promise<void> {
  const row = await findConnection(ctx.db, connectionId);
  if (!row || row.project_id !== projectId) throw notFound('Connection');
}

/** Forgets the grant. Another user's connection is answered as unknown. */
export async function deleteConnection(ctx: AppContext, userId: number, connectionId: number): Promise<void> {
  if (!(await deleteConnectionOfUser(ctx.db, connectionId, userId))) throw notFound('Connection');
}

export function platformAvailability(ctx: AppContext): PlatformAvailability {
  return { platforms: ctx.platforms.availability() };
}
