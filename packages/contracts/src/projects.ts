import { z } from 'zod';
import { ProjectRole } from './teams';
import { Id, IdText } from './common';

/** The five badge colour pairs (spec section 9). */
export const PROJECT_COLOR_PAIRS: readonly (readonly [string, string])[] = [
  ['#ef4444', '#dc2626'],
  ['#3b82f6', '#9333ea'],
  ['#10b981', '#14b8a6'],
  ['#f59e0b', '#ea580c'],
  ['#8b5cf6', '#ec4899'],
];

export const HexColor = z.string().regex(/^#[0-9a-fA-F]{6}$/, 'Colour must be a hex value like #3b82f6');

export const ProjectName = z
  .string()
  .trim()
  .min(1, 'Project name is required')
  .max(80, 'Project name must be at most 80 characters');
export const Initials = z
  .string()
  .trim()
  .min(1, 'Initials are required')
  .max(2, 'Initials must be at most 2 characters');

export const Project = z
  .object({
    id: z.number().int(),
    name: z.string(),
    initials: z.string(),
    color1: z.string(),
    color2: z.string(),
    video_count: z.number().int(),
    user_id: z.number().int(),
    /** IANA zone copied from the owner's when the project was created. */
    timeZone: z.string(),
    createdAt: z.string(),
    /** The caller's role in it: `owner` for their own projects, else the role the owner gave them. */
    role: ProjectRole,
    /** The owner's name, for a project shared with the caller; null for the caller's own. */
    ownerName: z.string().nullable(),
    /** "Posts need approval": posts by editors and API tokens wait for an owner, reviewer or client. */
    needsApproval: z.boolean().optional(),
    /** The owner lets clients read the project's analytics. */
    clientsSeeAnalytics: z.boolean().optional(),
  })
  .meta({ id: 'Project' });
export type Project = z.infer<typeof Project>;

export const ProjectList = z.array(Project);

export const ProjectsQuery = z.object({
  user_id: IdText.optional(),
});
export type ProjectsQuery = z.infer<typeof ProjectsQuery>;

export const CreateProjectBody = z.object({
  name: ProjectName,
  initials: Initials,
  color1: HexColor,
  color2: HexColor,
  user_id: Id.optional(),
});
export type CreateProjectBody = z.infer<typeof CreateProjectBody>;

export const UpdateProjectBody = z
  .object({
    name: ProjectName,
    initials: Initials,
    color1: HexColor,
    color2: HexColor,
    needsApproval: z.boolean(),
    clientsSeeAnalytics: z.boolean(),
  })
  .partial()
  .refine(
    (b) => Object.keys(b).length > 0,
    'Nothing to change: send name, initials, color1, color2, needsApproval or clientsSeeAnalytics',
  );
export type UpdateProjectBody = z.infer<typeof UpdateProjectBody>;

export const StorageResponse = z.object({ used_storage: z.number().int(), total_storage: z.number().int() });
export type StorageResponse = z.infer<typeof StorageResponse>;
