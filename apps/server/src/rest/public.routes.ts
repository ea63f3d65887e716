import {
  ZBusinessCodeCheck,
  ZLeadCreate,
  ZLeadCreateResult,
  ZMessageResult,
  ZPasswordResetRequest,
  ZPasswordSet,
  ZPasswordSetResult,
  ZReviewLinkInput,
  ZReviewSubmit,
  ZReviewSubmitResult,
} from '@starloop/contract';
import type { FastifyInstance } from 'fastify';
import { z } from 'zod';
import type { TDeps } from '../context.ts';
import {
  checkBusinessCode,
  createLead,
  getReviewLink,
  requestPasswordReset,
  setPasswordWithToken,
  submitReview,
} from '../domains/public/public.service.ts';
import { clientOf } from './auth.ts';
import { defineRoute } from './define-route.ts';

/** Plain Fastify routes: the review page's two calls are the hottest paths and skip tRPC. */
export async function publicRoutes(app: FastifyInstance, { deps }: { deps: TDeps }) {
  defineRoute(
    app,
    {
      method: 'GET',
      url: '/users/review-link/:code',
      summary: 'Review page data for a business code (404 unknown, 410 not active)',
      tags: ['review page'],
      auth: 'public',
      params: ZReviewLinkInput,
      response: z.object({
        reviewLink: z.string().nullable(),
        businessName: z.string(),
        reviewFlow: z.string(),
      }),
    },
    async (request, reply) => {
      const { code } = ZReviewLinkInput.parse(request.params);
      const link = await getReviewLink(deps, code);
      reply.header('cache-control', 'no-store');
      return { reviewLink: link.reviewLink, businessName: link.businessName, reviewFlow: link.reviewFlow };
    },
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/reviews',
      summary: 'Record a customer review (1-5 stars, message up to 500 characters)',
      tags: ['review page'],
      auth: 'public',
      body: ZReviewSubmit,
      response: ZReviewSubmitResult,
      status: 201,
    },
    async (request) => submitReview(deps, ZReviewSubmit.parse(request.body ?? {}), clientOf(request)),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/lead',
      summary: 'Demo or contact request from the website form',
      tags: ['leads'],
      auth: 'public',
      body: ZLeadCreate,
      response: ZLeadCreateResult,
      status: 201,
    },
    async (request) => createLead(deps, ZLeadCreate.parse(request.body ?? {}), clientOf(request)),
  );

  defineRoute(
    app,
    {
      method: 'GET',
      url: '/users/code-available/:code',
      summary: 'Whether a business code is free',
      tags: ['registration'],
      auth: 'public',
      params: ZReviewLinkInput,
      response: ZBusinessCodeCheck,
    },
    async (request) => checkBusinessCode(deps, ZReviewLinkInput.parse(request.params).code),
  );

  defineRoute(
    app,
    {
      method: 'POST',
      url: '/users/forgot-password',
      summary: 'Email a password reset link (never reveals whether the number exists)',
      tags: ['owner'],
      auth: 'public',
      body: ZPasswordResetRequest,
      response: ZMessageResult,
    },
    async (request) =>
      requestPasswordReset(
        deps,
        ZPasswordResetRequest.parse(request.body ?? {}).contactNumber,
        clientOf(request),
      ),
  );

  const passwordLinkRoutes = [
    { url: '/users/set-password', kind: 'set_password', summary: 'onboarding set-password link' },
    { url: '/users/reset-password', kind: 'reset_password', summary: 'password reset link' },
  ] as const;
  for (const link of passwordLinkRoutes) {
    defineRoute(
      app,
      {
        method: 'POST',
        url: link.url,
        summary: `Set a password from a one-time ${link.summary} and sign in`,
        tags: ['owner'],
        auth: 'public',
        body: ZPasswordSet,
        response: ZPasswordSetResult,
      },
      async (request) =>
        setPasswordWithToken(deps, ZPasswordSet.parse(request.body ?? {}), clientOf(request), [link.kind]),
    );
  }
}
