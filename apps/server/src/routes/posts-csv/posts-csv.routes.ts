import {
  CSV_IMPORT_MAX_BYTES,
  CSV_IMPORT_MAX_COLUMNS,
  CSV_IMPORT_MAX_ROW_BYTES,
  CSV_IMPORT_MAX_ROWS,
  ErrorBody,
  PostsExportJson,
  PostsExportQuery,
  PostsImportFailedBody,
  PostsImportQuery,
  PostsImportResult,
} from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { z } from 'zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { limitPerUser } from '../../http/limit-per-user';
import { payloadTooLarge, unsupportedMediaType } from '../../http/errors';
import { exportPosts } from '../../services/posts-csv/export-posts.service';
import { REQUEST_LIMITS } from '../../services/limits/request-limits';
import { importPosts, ImportRowsError } from '../../services/posts-csv/import-posts.service';
import { postAuthorOf } from '../../http/post-author';

const common = { tags: ['posts'], security: [{ bearer: [] }] };
const CSV_TYPES = ['text/csv', 'application/csv'];
const MB = CSV_IMPORT_MAX_BYTES / 1024 / 1024;

/** GET /api/posts/export and POST /api/posts/import: a project's plan out as CSV or JSON, and posts in from CSV. */
export const postsCsvRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addContentTypeParser(
      CSV_TYPES,
      { parseAs: 'string', bodyLimit: CSV_IMPORT_MAX_BYTES },
      (_request, body, done) => done(null, body),
    );
    app.addHook('onRequest', requireAuth(ctx));
    app.setErrorHandler((err, _request, reply) => {
      if ((err as { code?: string }).code === 'FST_ERR_CTP_BODY_TOO_LARGE') {
        throw payloadTooLarge(`The file is larger than ${MB} MB; import at most ${MB} MB at once`, 'body_too_large');
      }
      if (!(err instanceof ImportRowsError)) throw err;
      return reply.code(400).send({ error: err.message, code: 'validation_failed', ...err.result });
    });

    app.get(
      '/posts/export',
      {
        config: { access: { project: 'query.project_id', need: 'see_posts' } },
        onRequest: limitPerUser(ctx, REQUEST_LIMITS.postsExport),
        schema: {
          ...common,
          summary: "Export a project's posts as CSV or JSON, with the latest metrics of published ones",
          description:
            '`from` (inclusive) and `to` (exclusive) filter on `scheduledAt`; `platform` on the platform; ' +
            '`connection_id` on one account (a connection of the project, else 404). CSV ' +
            '(RFC 4180, CRLF, a header row): post_id, video_id, video_title, platform, status, scheduled_at, ' +
            'published_at, account, caption, first_comment, fit, url, error, views, likes, comments, shares (fit: ' +
            'true when the post sends a fitting copy; the file imports back as it is); a text cell that a ' +
            'spreadsheet would read as a formula (starting with = + - @, a tab, a carriage return or NUL) gets a ' +
            "leading ', and a cell with a quote, comma, semicolon or line break is quoted. JSON: `{posts}` with " +
            'the same fields. Streamed, newest time first. At most ' +
            `${REQUEST_LIMITS.postsExport.max} exports per user per minute: 429 \`too_many_exports\` with Retry-After.`,
          querystring: PostsExportQuery,
          response: {
            200: {
              description: 'The posts',
              content: { 'text/csv': { schema: z.string() }, 'application/json': { schema: PostsExportJson } },
            },
            400: ErrorBody,
            401: ErrorBody,
            404: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const { query } = request;
        const body = await exportPosts(ctx, ownerOf(request), query);
        const name = `fanout-posts-${query.project_id}.${query.format}`;
        return (
          reply
            .header(
              'content-type',
              query.format === 'json' ? 'application/json; charset=utf-8' : 'text/csv; charset=utf-8',
            )
            .header('content-disposition', `attachment; filename="${name}"`)
            // A stream goes out as it is: the response schema documents it, no serializer runs on it.
            .send(body as never)
        );
      },
    );

    app.post(
      '/posts/import',
      {
        config: { access: { project: 'query.project_id', need: 'edit' } },
        bodyLimit: CSV_IMPORT_MAX_BYTES,
        // Before the body is read: a refused call costs no upload.
        onRequest: limitPerUser(ctx, REQUEST_LIMITS.csvImport),
        // Before the body is validated: a JSON or form body is the wrong kind, not a wrong CSV.
        preValidation: async (request) => {
          const type = (request.headers['content-type'] ?? '').split(';')[0]!.trim().toLowerCase();
          if (!CSV_TYPES.includes(type)) throw unsupportedMediaType('Send the file as text/csv', 'not_csv');
        },
        schema: {
          ...common,
          summary: 'Check, then make, posts from a CSV file (text/csv)',
          description:
            'A header row, then one row per video: `video_id` or `video_title` (exactly one video of the project ' +
            'must have it), `platforms` (keys joined by |), `scheduled_at` (ISO 8601 with an offset, a local ' +
            "`YYYY-MM-DD HH:mm` in the user's zone, or empty for the platform's next free posting slot), " +
            '`caption` (empty: built from the video), `<platform>.<option>` columns (e.g. tiktok.privacyLevel) and ' +
            '`<platform>.connection` (the account, by its id on the platform or its name; needed for a platform ' +
            'the project has several accounts of), `fit` (true/false: send the default fitting copy) and ' +
            '`first_comment` (the comment posted under each post once live), or `<platform>.fit` and ' +
            '`<platform>.first_comment` for one platform. An exported file imports as it is: `platform` and ' +
            '`account` are read as `platforms` and the account, the columns of what became of a post are skipped. ' +
            `Limits, each refused as the file is read: at most ${MB} MB (413 \`body_too_large\`), ` +
            `${CSV_IMPORT_MAX_COLUMNS} columns (400 \`too_many_columns\`), ${CSV_IMPORT_MAX_ROW_BYTES / 1000} KB a row ` +
            `(400 \`row_too_long\`), ${CSV_IMPORT_MAX_ROWS} rows, blank lines counting towards twice that (400 ` +
            '`too_many_rows`), each column once (400 `duplicate_column`). Every row is checked ' +
            'as POST /api/videos/:id/posts checks a post. `dry_run=true` (the default) makes nothing; ' +
            '`dry_run=false` makes every row’s posts in one transaction, or none: 400 `validation_failed` with ' +
            'the rows when any row is broken. At most ' +
            `${REQUEST_LIMITS.csvImport.max} files (dry runs included) per user per minute, across every server ` +
            'process: 429 `too_many_imports` with Retry-After.',
          consumes: CSV_TYPES,
          querystring: PostsImportQuery,
          body: z.string(),
          response: {
            200: PostsImportResult,
            201: PostsImportResult,
            400: z.union([PostsImportFailedBody, ErrorBody]),
            401: ErrorBody,
            404: ErrorBody,
            409: ErrorBody,
            413: ErrorBody,
            415: ErrorBody,
            429: ErrorBody,
          },
        },
      },
      async (request, reply) => {
        const dryRun = request.query.dry_run === 'true';
        const result = await importPosts(
          ctx,
          ownerOf(request),
          request.query.project_id,
          request.body,
          dryRun,
          postAuthorOf(request),
        );
        return reply.code(dryRun ? 200 : 201).send(result);
      },
    );
  };
