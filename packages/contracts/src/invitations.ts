import { z } from 'zod';
import { Email } from './auth';
import { MemberRole } from './teams';

/** How long an invitation link can be used. */
export const INVITATION_DAYS = 7;

export const CreateInvitationBody = z
  .object({
    /** Where the link is e-mailed (when the server can send mail); whoever opens the link may accept it. */
    email: Email,
    role: MemberRole,
  })
  .strict();
export type CreateInvitationBody = z.infer<typeof CreateInvitationBody>;

/** A pending invitation as its project's owner sees it; `url` only in the answer that made it (never stored). */
export const Invitation = z
  .object({
    id: z.number().int(),
    email: z.string(),
    role: MemberRole,
    expiresAt: z.string(),
    createdAt: z.string(),
  })
  .meta({ id: 'Invitation' });
export type Invitation = z.infer<typeof Invitation>;

export const InvitationCreated = z
  .object({
    invitation: Invitation.extend({ url: z.string() }),
    /** Whether the link was e-mailed: false when the server sends no mail or the mail failed (copy the link). */
    emailed: z.boolean(),
  })
  .meta({ id: 'InvitationCreated' });
export type InvitationCreated = z.infer<typeof InvitationCreated>;

/** Why an invitation link can no longer be used (410 with the same code when accepting it). */
export const InvitationState = z.enum(['pending', 'expired', 'revoked', 'used']);
export type InvitationState = z.infer<typeof InvitationState>;

/** What an invitation link is for, shown before joining (GET /api/invitations/:token). */
export const InvitationPreview = z
  .object({
    projectName: z.string(),
    inviterName: z.string(),
    role: MemberRole,
    expiresAt: z.string(),
    state: InvitationState,
    usable: z.boolean(),
  })
  .meta({ id: 'InvitationPreview' });
export type InvitationPreview = z.infer<typeof InvitationPreview>;

/** An invitation's secret as it appears in its link: 43 base64url characters (32 random bytes). */
export const InvitationToken = z.string().regex(/^[A-Za-z0-9_-]{43}$/, 'Not an invitation link');

export const AcceptInvitationResponse = z.object({ projectId: z.number().int(), role: MemberRole });
export type AcceptInvitationResponse = z.infer<typeof AcceptInvitationResponse>;

export const HandOverBody = z
  .object({
    /** A member of the project, who becomes its owner. */
    userId: z.number().int().positive(),
    /** The current owner's password, asked again. */
    password: z.string().min(1).max(1024),
  })
  .strict();
export type HandOverBody = z.infer<typeof HandOverBody>;
