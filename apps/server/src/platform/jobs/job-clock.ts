// A test's handle on the scheduled jobs (JOB_CLOCK_CONTROL): run one now, as if the clock said `at`. The job runs with
// the app's context and its clock moved, exactly as its schedule would run it, so a browser journey can see a notice's
// reminder mailed on its day without sleeping for days. Never mounted on an installation users work on.
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { AppContext } from '../context';
import type { JobWorker } from './job';

export const JOB_CLOCK_PATH = '/testing/jobs/run';

const RunRequest = z.object({ job: z.string().min(1), at: z.iso.datetime({ offset: true }) });

/** `workersAt(ctx)` lists the workers built on a context; the scheduled one named by the request runs on a moved clock. */
export const mountJobClock = (app: FastifyInstance, ctx: AppContext, workersAt: (ctx: AppContext) => JobWorker[]): void => {
  app.post(JOB_CLOCK_PATH, { config: { access: { public: true } }, schema: { hide: true } }, async (request, reply) => {
    const parsed = RunRequest.safeParse(request.body);
    if (!parsed.success) return reply.code(400).send({ message: 'Send { job: a scheduled job name, at: an ISO date-time }.' });
    const { job, at } = parsed.data;
    const moved: AppContext = { ...ctx, now: () => new Date(at) };
    const worker = workersAt(moved).find((w) => w.job.name === job && w.job.cron !== undefined);
    if (!worker) return reply.code(404).send({ message: `No scheduled job named ${job}.` });
    await worker.handle({ version: worker.job.version, payload: {} });
    return { job, ranAt: at };
  });
};
