import { z } from 'zod';
import { Id } from './common';
import { PlatformKey } from './platforms';
import { PostStatus } from './posts';
import { NoteText } from './notes';

/** The most posts one link may name. */
export const PREVIEW_LINK_POSTS_MAX = 200;
/** A link lives 14 days unless the owner says otherwise, and at most a year. */
export const PREVIEW_LINK_DEFAULT_DAYS = 14;
export const PREVIEW_LINK_MAX_DAYS = 365;

const Instant = z.iso.datetime({ offset: true });

/**
 * A client preview link: either the posts it names, or a range of time whose posts it shows (resolved each time
 * the page is opened, so a post scheduled into the range later shows too, and one moved out of it does not).
 */
export const CreatePreviewLinkBody = z
  .strictObject({
    postIds: z.array(Id).min(1).max(PREVIEW_LINK_POSTS_MAX).optional(),
    range: z.strictObject({ from: Instant, to: Instant }).optional(),
    /** Default: 14 days from now. */
    expiresAt: Instant.optional(),
    allowNotes: z.boolean().default(false),
    allowApproval: z.boolean().default(false),
  })
  .refine((b) => (b.postIds === undefined) !== (b.range === undefined), {
    message: 'Name the posts (postIds) or a range of time (range), one of the two',
  })
  .refine((b) => !b.range || Date.parse(b.range.from) < Date.parse(b.range.to), {
    message: "The range's end must come after its start",
    path: ['range'],
  });
export type CreatePreviewLinkBody = z.infer<typeof CreatePreviewLinkBody>;

export const PreviewLink = z
  .object({
    id: z.number().int(),
    /** The page to send the client; the token in it is shown only once, when the link is made. */
    url: z.string().nullable(),
    postIds: z.array(z.number().int()).nullable(),
    range: z.object({ from: z.string(), to: z.string() }).nullable(),
    expiresAt: z.string(),
    allowNotes: z.boolean(),
    allowApproval: z.boolean(),
    revokedAt: z.string().nullable(),
    createdAt: z.string(),
  })
  .meta({ id: 'PreviewLink' });
export type PreviewLink = z.infer<typeof PreviewLink>;

export const PreviewLinkResponse = z.object({ link: PreviewLink });
export const PreviewLinkList = z.object({ links: z.array(PreviewLink) });
export type PreviewLinkList = z.infer<typeof PreviewLinkList>;

/** One post on the preview page, as the platform would show it. */
export const PreviewPost = z
  .object({
    id: z.number().int(),
    platform: PlatformKey,
    accountName: z.string(),
    status: PostStatus,
    /** The caption the platform gets: the post's own, or the one built from the video for this platform. */
    caption: z.string(),
    videoTitle: z.string(),
    /** UTC. */
    scheduledAt: z.string(),
    /** The same instant in the viewer's zone (`?zone=`), `2026-12-01T09:00+01:00`; null without a zone. */
    localTime: z.string().nullable(),
    publishedAt: z.string().nullable(),
    url: z.string().nullable(),
    /** Plays the video; works only with this link's token and only for this post. */
    mediaUrl: z.string(),
    notes: z.array(z.object({ authorName: z.string(), text: z.string(), createdAt: z.string() })),
  })
  .meta({ id: 'PreviewPost' });
export type PreviewPost = z.infer<typeof PreviewPost>;

export const PreviewPage = z.object({
  projectName: z.string(),
  expiresAt: z.string(),
  allowNotes: z.boolean(),
  /** Approve / Request changes are offered: the link allows them and the project needs approval. */
  allowApproval: z.boolean(),
  posts: z.array(PreviewPost),
});
export type PreviewPage = z.infer<typeof PreviewPage>;

/** Whoever opens the link has no account: they say who they are. */
export const VisitorName = z.string().trim().min(1, 'Say who you are').max(80);

export const PreviewNoteBody = z.strictObject({ name: VisitorName, text: NoteText, postId: Id.optional() });
export type PreviewNoteBody = z.infer<typeof PreviewNoteBody>;

export const PreviewDecisionBody = z.strictObject({ name: VisitorName, comment: NoteText.optional() });
export type PreviewDecisionBody = z.infer<typeof PreviewDecisionBody>;
