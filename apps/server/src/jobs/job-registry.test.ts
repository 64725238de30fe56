import { afterEach, describe, expect, it } from 'vitest';
import { z } from 'zod';
import { startTestServer, stopTestServer, type TestServer } from '../../test/test-server';
import { defineJob } from './define-job';
import { jobDefinitions } from './job-definitions';
import { jobHandlers } from './job-registry';
import { checkHandlers, MissingJobHandlerError } from './run-job';
import { startWorker } from './start-worker';

const twoJobs = {
  'a.one': defineJob({ payload: z.object({}), queue: { policy: 'standard', retryLimit: 0, expireInSeconds: 60 } }),
  'a.two': defineJob({ payload: z.object({}), queue: { policy: 'standard', retryLimit: 0, expireInSeconds: 60 } }),
};
const noop = async () => {};

describe('the job registry', () => {
  it('has exactly one handler for every defined job', () => {
    expect(() => checkHandlers(jobDefinitions, jobHandlers)).not.toThrow();
    expect(Object.keys(jobHandlers).sort()).toEqual(Object.keys(jobDefinitions).sort());
  });

  it('refuses a job without a handler, naming it', () => {
    expect(() => checkHandlers(twoJobs, { 'a.one': noop })).toThrow(MissingJobHandlerError);
    expect(() => checkHandlers(twoJobs, { 'a.one': noop })).toThrow(/no handler for a\.two/);
  });

  it('refuses a handler for a job that is not defined', () => {
    expect(() => checkHandlers(twoJobs, { 'a.one': noop, 'a.two': noop, 'a.three': noop })).toThrow(
      /a handler for no defined job: a\.three/,
    );
  });
});

describe('a worker missing a handler', () => {
  let server: TestServer | undefined;
  afterEach(async () => {
    await stopTestServer(server);
    server = undefined;
  });

  it('does not start', async () => {
    server = await startTestServer();
    const { 'connections.refresh-due': _left, ...partial } = jobHandlers;
    await expect(startWorker(server.ctx, partial as typeof jobHandlers)).rejects.toThrow(
      /no handler for connections\.refresh-due/,
    );
  });
});
