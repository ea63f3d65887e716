import { ERROR_TEXTS } from '@starloop/contract';
import type { FastifyError, FastifyInstance } from 'fastify';
import fp from 'fastify-plugin';
import { ZodError } from 'zod';
import { AppError, firstIssue, unavailableFrom } from '../lib/errors.ts';

/**
 * One error shape for every REST answer: `{ message, field?, requestId }`. 4xx carry a message
 * for people; 5xx are logged with the request id and say nothing about internals.
 */
export const errorsPlugin = fp(async (app: FastifyInstance) => {
  app.setErrorHandler((thrown: FastifyError | AppError | ZodError, request, reply) => {
    const requestId = String(request.id);
    const unavailable = thrown instanceof AppError ? undefined : unavailableFrom(thrown);
    if (unavailable) request.log.error({ err: thrown }, 'request failed: database unavailable');
    const error = unavailable ?? thrown;
    if (error instanceof AppError) {
      if (error.status >= 500 && !unavailable) request.log.warn({ message: error.message }, 'answered 5xx');
      const retryAfter = error.details?.retryAfterSeconds;
      if (typeof retryAfter === 'number') reply.header('retry-after', String(retryAfter));
      return reply.status(error.status).send({
        success: false,
        message: error.message,
        ...(error.field ? { field: error.field } : {}),
        requestId,
      });
    }
    if (error instanceof ZodError) {
      const issue = firstIssue(error);
      return reply.status(400).send({
        success: false,
        message: issue.message,
        ...(issue.field ? { field: issue.field } : {}),
        requestId,
      });
    }
    const status = typeof error.statusCode === 'number' ? error.statusCode : 500;
    if (status < 500) {
      const message = status === 413 ? 'The request is too large.' : error.message;
      return reply.status(status).send({ success: false, message, requestId });
    }
    request.log.error({ err: error }, 'request failed');
    return reply.status(status).send({ success: false, message: ERROR_TEXTS.internal, requestId });
  });
});
