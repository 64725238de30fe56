import { ErrorBody, IdParams, NoteBody, NoteList, NoteResponse, OkResponse } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { FastifyRequest } from 'fastify';
import type { AppContext } from '../../context';
import { currentUser, requireAuth } from '../../http/auth-guard';
import type { ProjectAccess } from '../../services/access/project-access';
import { addNote, editNote, listNotes, removeNote } from '../../services/notes/notes.service';

const common = { tags: ['notes'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 403: ErrorBody, 404: ErrorBody };
const TEXT_ONLY =
  'Notes are the team’s discussion, never the post’s first comment on the platform. Text only (shown as ' +
  'text, never HTML), 1–2,000 characters. `@name` (a username, a full name without spaces, or a first name no ' +
  'other member shares) names a member of the project, who is notified (bell and live stream) if they can see ' +
  'what the note is on; anyone else named so is not.';

const accessOf = (request: FastifyRequest): ProjectAccess => request.access!;

/** Team notes on posts and videos (docs/teams.md, "Notes"). */
export const notesRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    for (const [path, table, need, what] of [
      ['/posts/:id/notes', 'posts', 'note', 'a post'],
      ['/videos/:id/notes', 'videos', 'see_library', 'a video'],
    ] as const) {
      const on = (id: number) => (table === 'posts' ? { postId: id } : { videoId: id });
      const who =
        table === 'posts'
          ? 'Every role of the project (a client included: they see its posts).'
          : 'The roles that see the library (not a client: 403 `role_forbidden`).';
      app.get(
        path,
        {
          config: { access: { row: table, at: 'params.id', need } },
          schema: {
            ...common,
            summary: `The notes on ${what}, oldest first`,
            description: `${who} 404 for one the caller has no place in.`,
            params: IdParams,
            response: { 200: NoteList, ...errors },
          },
        },
        async (request) => ({ notes: await listNotes(ctx, accessOf(request), on(request.params.id)) }),
      );
      app.post(
        path,
        {
          config: { access: { row: table, at: 'params.id', need } },
          schema: {
            ...common,
            summary: `Add a note to ${what}`,
            description: `${who} ${TEXT_ONLY} The note records the person who wrote it.`,
            params: IdParams,
            body: NoteBody,
            response: { 201: NoteResponse, ...errors },
          },
        },
        async (request, reply) =>
          reply.code(201).send({ note: await addNote(ctx, accessOf(request), on(request.params.id), request.body) }),
      );
    }

    const OWN =
      'Only its author: 403 `not_your_note` for another member’s note, 404 when there is no such note or the ' +
      'caller cannot see what it is on. (The note’s project is checked in the handler, from the post or video it is on.)';
    app.patch(
      '/notes/:id',
      {
        config: { access: { personal: true } },
        schema: {
          ...common,
          summary: 'Change the text of one’s own note',
          description: `${OWN} ${TEXT_ONLY} Only members newly named are notified.`,
          params: IdParams,
          body: NoteBody,
          response: { 200: NoteResponse, ...errors },
        },
      },
      async (request) => ({ note: await editNote(ctx, currentUser(request).id, request.params.id, request.body) }),
    );
    app.delete(
      '/notes/:id',
      {
        config: { access: { personal: true } },
        schema: {
          ...common,
          summary: 'Delete one’s own note',
          description: OWN,
          params: IdParams,
          response: { 200: OkResponse, ...errors },
        },
      },
      async (request) => {
        await removeNote(ctx, currentUser(request).id, request.params.id);
        return { ok: true as const };
      },
    );
  };
