import { BestTimes, BestTimesQuery, ErrorBody, IdParams, PostingSlots, PutPostingSlotsBody } from '@fanout/contracts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import type { AppContext } from '../../context';
import { ownerOf } from '../../http/access-guard';
import { requireAuth } from '../../http/auth-guard';
import { getBestTimes, getPostingSlots, putPostingSlots } from '../../services/slots/slots.service';

const common = { tags: ['slots'], security: [{ bearer: [] }] };
const errors = { 400: ErrorBody, 401: ErrorBody, 404: ErrorBody };

/** /api/projects/:id/slots and /api/projects/:id/best-times: the weekly posting slots and when to post. */
export const slotsRoutes =
  (ctx: AppContext): FastifyPluginAsyncZod =>
  async (app) => {
    app.addHook('onRequest', requireAuth(ctx));

    app.get(
      '/projects/:id/slots',
      {
        config: { access: { project: 'params.id', need: 'see_library' } },
        schema: {
          ...common,
          summary: "A project's weekly posting slots per platform and the time zone they are read in",
          params: IdParams,
          response: { 200: PostingSlots, ...errors },
        },
      },
      async (request) => getPostingSlots(ctx, ownerOf(request), request.params.id),
    );

    app.put(
      '/projects/:id/slots',
      {
        config: { access: { project: 'params.id', need: 'edit' } },
        schema: {
          ...common,
          summary: "Replace a project's posting slots",
          description:
            '`weekday` 1 = Monday … 7 = Sunday, `time` HH:MM, read in `timezone` (an IANA zone; default the ' +
            "project's). Each slot at most once. A slot the clocks skip moves to the first minute after the gap; " +
            'on the day clocks go back it is used once, at the earlier instant.',
          params: IdParams,
          body: PutPostingSlotsBody,
          response: { 200: PostingSlots, ...errors },
        },
      },
      async (request) => putPostingSlots(ctx, ownerOf(request), request.params.id, request.body),
    );

    app.get(
      '/projects/:id/best-times',
      {
        config: { access: { project: 'params.id', need: 'see_library' } },
        schema: {
          ...common,
          summary: 'The best hours of the week to post on a platform, each with its reason',
          description:
            '`basis: own` once the project has 10 published posts with metrics on the platform (ranked by their ' +
            "engagement per weekday and hour in the project's zone), otherwise Fanout's documented defaults.",
          params: IdParams,
          querystring: BestTimesQuery,
          response: { 200: BestTimes, ...errors },
        },
      },
      async (request) => getBestTimes(ctx, ownerOf(request), request.params.id, request.query.platform),
    );
  };
